import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { ApiError, send as call, unwrap } from '../../src/api/client';
import { setRuntimeConfig } from '../../src/api/config';
import { endpointNames } from '#contract/endpoints';
import { onSessionInvalid, readSession, saveSession } from '../../src/providers/session';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const signIn = () => saveSession({ token: 'tok-1', userName: 'admin', level: 1, isSuper: true, kind: 'normal' });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

describe('unwrap', () => {
  it('returns data for code 200', () => {
    expect(unwrap({ code: 200, info: 'ok', data: [1, 2] })).toEqual([1, 2]);
  });

  it('turns another code into a business error carrying the server info', () => {
    const error = (() => {
      try {
        unwrap({ code: 500, info: '任务正在运行中!' });
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', info: '任务正在运行中!', code: 500, message: '任务正在运行中!' });
  });

  it.each([['<html>502</html>'], [''], [null], [[]], [{ info: 'no code' }], [{ code: '200' }]])('treats %j as malformed', (body) => {
    expect(() => unwrap(body)).toThrowError(expect.objectContaining({ kind: 'malformed' }));
  });

  it.each([
    ['apiList', null],
    ['apiList', { list: [] }],
    ['globalConfigGet', []],
    ['globalConfigGet', 'text'],
    // the replies that were `unknown` and are drawn (the assets page, /statistic, the K-line chart)
    ['assetStatistics', null],
    ['assetTradeRecords', 'not a list'],
    ['currencyInformation', {}],
    ['orderTotalData', null],
    ['orderQuerySDC', []],
    ['klineData', 'text'],
  ] as const)('a read of %s whose data is %j (not its reply shape) is malformed', (name, data) => {
    expect(() => unwrap({ code: 200, data }, name)).toThrowError(expect.objectContaining({ kind: 'malformed' }));
  });

  it('a read of its shape, a write with data null and a reply that may be text or null pass', () => {
    expect(unwrap({ code: 200, data: [] }, 'apiList')).toEqual([]);
    expect(unwrap({ code: 200, data: null }, 'globalConfigUpdate')).toBeNull();
    expect(unwrap({ code: 200, data: 'x' }, 'taskStatusUpdate')).toBe('x');
  });

  it('code 3 clears the session and tells the listeners', () => {
    signIn();
    const listener = vi.fn();
    const stop = onSessionInvalid(listener);
    expect(() => unwrap({ code: 3, info: 'expired' })).toThrowError(expect.objectContaining({ kind: 'session' }));
    expect(readSession()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('call', () => {
  it('sends the token of a query call in `Authorization: Bearer`, never in its URL', async () => {
    signIn();
    let url = '';
    let authorization: string | null = null;
    server.use(
      http.get('*/api/name', ({ request }) => {
        url = request.url;
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ code: 200, data: [] });
      }),
    );
    await call('apiNames', { all: 1 });
    expect(authorization).toBe('Bearer tok-1');
    expect(new URL(url).searchParams.get('all')).toBe('1');
    expect(url).not.toContain('tok-1');
  });

  it('sends a JSON body with the token for json calls, and the header', async () => {
    signIn();
    let body: unknown;
    let authorization: string | null = null;
    server.use(
      http.post('*/api/add', async ({ request }) => {
        body = await request.json();
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ code: 200, data: null });
      }),
    );
    await call('apiAdd', { name: 'a' });
    expect(body).toEqual({ token: 'tok-1', name: 'a' });
    expect(authorization).toBe('Bearer tok-1');
  });

  it('sends a urlencoded form for form calls', async () => {
    signIn();
    let type = '';
    let form = '';
    server.use(
      http.put('*/api/init', async ({ request }) => {
        type = request.headers.get('content-type') ?? '';
        form = await request.text();
        return HttpResponse.json({ code: 200, data: null });
      }),
    );
    await call('apiInit', { apiId: 7 });
    expect(type).toContain('application/x-www-form-urlencoded');
    expect(new URLSearchParams(form).get('apiId')).toBe('7');
    expect(new URLSearchParams(form).get('token')).toBe('tok-1');
  });

  it('does not send a token on the login call', async () => {
    signIn();
    let body: Record<string, unknown> = {};
    let authorization: string | null = 'unset';
    server.use(
      http.post('*/user/login', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ code: 200, data: {} });
      }),
    );
    await call('login', { username: 'a' });
    expect(body.token).toBeUndefined();
    expect(authorization).toBeNull();
  });

  it('reads the envelope even when the HTTP status is an error', async () => {
    server.use(http.get('*/api/list', () => HttpResponse.json({ code: 403, info: '没有权限' }, { status: 403 })));
    expect(await failure(call('apiList'))).toMatchObject({ kind: 'business', info: '没有权限' });
  });

  it('an HTML error page is malformed, not a crash', async () => {
    server.use(
      http.get('*/api/list', () => new HttpResponse('<html><body>Bad gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } })),
    );
    expect(await failure(call('apiList'))).toMatchObject({ kind: 'malformed' });
  });

  it('truncated JSON is malformed', async () => {
    server.use(http.get('*/api/list', () => new HttpResponse('{"code":200,"da', { headers: { 'content-type': 'application/json' } })));
    expect(await failure(call('apiList'))).toMatchObject({ kind: 'malformed' });
  });

  it('an empty body is malformed', async () => {
    server.use(http.get('*/api/list', () => new HttpResponse(null, { status: 204 })));
    expect(await failure(call('apiList'))).toMatchObject({ kind: 'malformed' });
  });

  // every page's bad-reply test (tests/components/bad-replies*.test.tsx) answers its calls with an HTML page as the
  // one body of this class: these prove each call sees the others as exactly that same error
  it('for every call of the contract, an HTML page, an empty body and truncated JSON are the same malformed error, all a page sees of them', async () => {
    signIn();
    const bodies = [
      () => new HttpResponse('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } }),
      () => new HttpResponse('', { status: 200 }),
      () => new HttpResponse('{"code":200,"data":[{"id":1,"na', { headers: { 'content-type': 'application/json' } }),
    ];
    for (const body of bodies) {
      server.use(http.all('*', body));
      for (const name of endpointNames) {
        const error = await failure(call(name, {}));
        expect({ name, kind: error.kind, info: error.info }).toEqual({ name, kind: 'malformed', info: '' });
      }
      server.resetHandlers();
    }
  });

  it('a 10 MB JSON string is the same malformed error: read whole, refused as no envelope', async () => {
    server.use(http.get('*/api/list', () => new HttpResponse(`"${'x'.repeat(10 * 1024 * 1024)}"`, { headers: { 'content-type': 'application/json' } })));
    expect(await failure(call('apiList'))).toMatchObject({ kind: 'malformed', info: '' });
  });

  it('a network failure is a network error', async () => {
    server.use(http.get('*/api/list', () => HttpResponse.error()));
    expect(await failure(call('apiList'))).toMatchObject({ kind: 'network' });
  });

  it('a reply slower than the timeout is a timeout error', async () => {
    setRuntimeConfig({ requestTimeoutMs: 150 });
    server.use(
      http.get('*/api/list', async () => {
        await delay('infinite');
        return HttpResponse.json({ code: 200 });
      }),
    );
    expect(await failure(call('apiList'))).toMatchObject({ kind: 'timeout' });
    setRuntimeConfig({});
  });
});

describe('services', () => {
  afterEach(() => setRuntimeConfig({}));

  it('sends each call to the base URL of its service from the runtime config', async () => {
    signIn();
    setRuntimeConfig({
      services: { main: 'http://main.example', task: 'http://task.example:9001', order: 'http://order.example', change: 'http://change.example' },
    });
    const hosts: string[] = [];
    // each answered with data of its reply's shape (a list, nothing, a list, a page)
    const record =
      (data: unknown) =>
      ({ request }: { request: Request }) => {
        hosts.push(new URL(request.url).host);
        return HttpResponse.json({ code: 200, data });
      };
    server.use(
      http.get('http://main.example/api/list', record([])),
      http.post('http://task.example:9001/taskServer/manual', record(null)),
      http.get('http://order.example/web/get/order/newest', record([])),
      http.get('http://change.example/changeServer/changerecords', record({ list: [], total: 0 })),
    );
    await call('apiList');
    await call('manualTrade', { task_id: 1 });
    await call('orderNewest', { number: 18 });
    await call('changeRecords', { task_id: 1 });
    expect(hosts).toEqual(['main.example', 'task.example:9001', 'order.example', 'change.example']);
  });
});
