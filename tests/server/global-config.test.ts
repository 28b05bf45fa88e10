// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { signedInServer } from './helpers';

const s = signedInServer();

describe('global config', () => {
  it('is readable by any signed-in user with every GlobalConfig field', async () => {
    const reply = await s.t.call('globalConfigGet', {}, { token: s.trader });
    expect(reply.code).toBe(200);
    expect(Object.keys(reply.data).sort()).toEqual(
      [
        'depthMarket',
        'isBorrow',
        'maxBorrowBCH',
        'maxBorrowBSV',
        'maxBorrowBTC',
        'maxBorrowEOS',
        'maxBorrowETC',
        'maxBorrowETH',
        'maxBorrowLTC',
        'maxBorrowTRX',
        'maxBorrowXRP',
        'messageIntervalTime',
        'priceSlippage',
        'tradingIntervalTime',
        'voiceIntervalTime',
      ].sort(),
    );
    expect((await s.t.call('globalConfigGet')).code).toBe(3);
  });

  it('refuses a trader with 403', async () => {
    const reply = await s.t.call('globalConfigUpdate', { depthMarket: 9 }, { token: s.trader });
    expect(reply.code).toBe(403);
    expect((await s.t.call('globalConfigGet', {}, { token: s.admin })).data.depthMarket).not.toBe(9);
  });

  it("lets the super user save, and refuses a bad value with the console's own message", async () => {
    const current = (await s.t.call('globalConfigGet', {}, { token: s.admin })).data;
    const saved = await s.t.call('globalConfigUpdate', { ...current, depthMarket: 8, isBorrow: true, maxBorrowBTC: 100 }, { token: s.admin });
    expect(saved).toMatchObject({ code: 200, info: '保存成功' });
    expect((await s.t.call('globalConfigGet', {}, { token: s.trader })).data).toMatchObject({ depthMarket: 8, isBorrow: true, maxBorrowBTC: 100 });
    expect(await s.t.call('globalConfigUpdate', { priceSlippage: -0.1 }, { token: s.admin })).toMatchObject({ code: 400, info: '价格滑点不能为负数' });
    expect(await s.t.call('globalConfigUpdate', { maxBorrowETH: 101 }, { token: s.admin })).toMatchObject({
      code: 400,
      info: 'ETH最大借贷比例的值大小在0~100之间!',
    });
    expect(await s.t.call('globalConfigUpdate', { maxBorrowETH: 101 }, { token: s.admin, lang: 'en' })).toMatchObject({
      code: 400,
      info: 'ETH maximum borrow percent must be between 0 and 100',
    });
    expect((await s.t.call('globalConfigUpdate', { maxBorrowTRX: -1 }, { token: s.admin })).code).toBe(400);
    expect((await s.t.call('globalConfigUpdate', { voiceIntervalTime: 'soon' }, { token: s.admin })).code).toBe(400);
    expect((await s.t.call('globalConfigUpdate', { isBorrow: 'perhaps' }, { token: s.admin })).code).toBe(400);
    expect((await s.t.call('globalConfigGet', {}, { token: s.admin })).data).toMatchObject({ depthMarket: 8, maxBorrowETH: current.maxBorrowETH });
  });

  it('refuses a fractional interval, as the console does (its whole-number rule, its message)', async () => {
    const before = (await s.t.call('globalConfigGet', {}, { token: s.admin })).data;
    expect(await s.t.call('globalConfigUpdate', { voiceIntervalTime: 1.5 }, { token: s.admin })).toMatchObject({ code: 400, info: '语音通知间隔必须是整数' });
    expect(await s.t.call('globalConfigUpdate', { tradingIntervalTime: '2.5' }, { token: s.admin, lang: 'en' })).toMatchObject({
      code: 400,
      info: 'Trade interval must be a whole number',
    });
    expect(await s.t.call('globalConfigUpdate', { voiceIntervalTime: true }, { token: s.admin })).toMatchObject({ code: 400, info: '语音通知间隔请输入数字' });
    expect((await s.t.call('globalConfigGet', {}, { token: s.admin })).data).toEqual(before);
    expect((await s.t.call('globalConfigUpdate', { voiceIntervalTime: 2 }, { token: s.admin })).data.voiceIntervalTime).toBe(2);
  });
});
