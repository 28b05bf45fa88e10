// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let t: TestServer;
let admin: string;
let trader: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.login('admin', 'admin123');
  trader = await t.login('trader', 'trader123');
});
afterAll(async () => {
  await t.stop();
});

describe('global config', () => {
  it('is readable by any signed-in user with every GlobalConfig field', async () => {
    const reply = await t.call('globalConfigGet', {}, { token: trader });
    expect(reply.code).toBe(200);
    expect(Object.keys(reply.data).sort()).toEqual(
      ['depthMarket', 'isBorrow', 'maxBorrowBCH', 'maxBorrowBSV', 'maxBorrowBTC', 'maxBorrowEOS', 'maxBorrowETC', 'maxBorrowETH', 'maxBorrowLTC', 'maxBorrowTRX', 'maxBorrowXRP', 'messageIntervalTime', 'priceSlippage', 'tradingIntervalTime', 'voiceIntervalTime'].sort(),
    );
    expect((await t.call('globalConfigGet')).code).toBe(3);
  });

  it('refuses a trader with 403', async () => {
    const reply = await t.call('globalConfigUpdate', { depthMarket: 9 }, { token: trader });
    expect(reply.code).toBe(403);
    expect((await t.call('globalConfigGet', {}, { token: admin })).data.depthMarket).not.toBe(9);
  });

  it('lets the super user save, and names the field of a bad value', async () => {
    const current = (await t.call('globalConfigGet', {}, { token: admin })).data;
    const saved = await t.call('globalConfigUpdate', { ...current, depthMarket: 8, isBorrow: true, maxBorrowBTC: 100 }, { token: admin });
    expect(saved).toMatchObject({ code: 200, info: '保存成功' });
    expect((await t.call('globalConfigGet', {}, { token: trader })).data).toMatchObject({ depthMarket: 8, isBorrow: true, maxBorrowBTC: 100 });
    expect(await t.call('globalConfigUpdate', { priceSlippage: -0.1 }, { token: admin })).toMatchObject({ code: 400, info: 'priceSlippage 不能为负数' });
    expect(await t.call('globalConfigUpdate', { maxBorrowETH: 101 }, { token: admin, lang: 'en' })).toMatchObject({
      code: 400,
      info: 'maxBorrowETH must be between 0 and 100',
    });
    expect((await t.call('globalConfigUpdate', { maxBorrowTRX: -1 }, { token: admin })).code).toBe(400);
    expect((await t.call('globalConfigUpdate', { voiceIntervalTime: 'soon' }, { token: admin })).code).toBe(400);
    expect((await t.call('globalConfigUpdate', { isBorrow: 'perhaps' }, { token: admin })).code).toBe(400);
    expect((await t.call('globalConfigGet', {}, { token: admin })).data).toMatchObject({ depthMarket: 8, maxBorrowETH: current.maxBorrowETH });
  });
});
