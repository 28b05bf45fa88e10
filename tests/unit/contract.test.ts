import { endpoints, endpointNames } from '#contract/endpoints';

describe('the contract table', () => {
  it('lists each method + path once', () => {
    const keys = endpointNames.map((name) => `${endpoints[name].method} ${endpoints[name].path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has the calls of spec §7 with their methods and encodings', () => {
    expect(endpoints.login).toMatchObject({ method: 'POST', path: '/user/login', encoding: 'json', auth: false });
    expect(endpoints.captcha).toMatchObject({ method: 'GET', path: '/geettest/captcha', auth: false });
    expect(endpoints.apiClear).toMatchObject({ method: 'PUT', path: '/api/clear', encoding: 'form' });
    expect(endpoints.apiInit).toMatchObject({ method: 'PUT', path: '/api/init', encoding: 'form' });
    expect(endpoints.strategySaveFiles).toMatchObject({ method: 'POST', path: '/save_strategy_files', encoding: 'multipart' });
    expect(endpoints.strategyUpdate).toMatchObject({ method: 'PUT', encoding: 'query' });
    expect(endpoints.taskStatusUpdate).toMatchObject({ method: 'PUT', path: '/task/status/update', encoding: 'query' });
    expect(endpoints.manualClosePosition).toMatchObject({ service: 'task', path: '/ts/delstock', encoding: 'form' });
    expect(endpoints.orderNewest).toMatchObject({ service: 'order', path: '/web/get/order/newest' });
    expect(endpoints.changeRecords).toMatchObject({ service: 'change' });
  });

  it('requires the token on every call except the ones made before a session exists', () => {
    const open = endpointNames.filter((name) => !endpoints[name].auth).sort();
    expect(open).toEqual(['captcha', 'login', 'register', 'unilateralLogin']);
  });

  it('has only absolute paths', () => {
    for (const name of endpointNames) expect(endpoints[name].path).toMatch(/^\/[\w/]+$/);
  });
});
