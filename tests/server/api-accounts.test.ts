// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { signedInServer } from './helpers';

const s = signedInServer();

const SECRET = 'very-secret-value-0123456789';
const NEW_SECRET = 'another-secret-value-9876543210';

describe('API accounts', () => {
  it('seeds two accounts for admin and one for trader, each seeing only their own, secrets masked', async () => {
    const mine = await s.t.call('apiList', {}, { token: s.admin });
    const theirs = await s.t.call('apiList', {}, { token: s.trader });
    expect(mine.data).toHaveLength(2);
    expect(theirs.data).toHaveLength(1);
    expect(mine.data.map((api: { bourse_id: number }) => api.bourse_id)).toEqual([1, 2]);
    for (const api of [...mine.data, ...theirs.data]) {
      expect(['******', '']).toContain(api.apiSecret);
      expect(api).toHaveProperty('bourse_name');
      expect([1, 4]).toContain(api.status);
    }
    const traderApi = theirs.data[0].id;
    expect((await s.t.call('apiChargesGet', { apiId: traderApi }, { token: s.admin })).code).toBe(404);
    expect((await s.t.call('apiDelete', { apiId: traderApi }, { token: s.admin })).code).toBe(404);
    expect((await s.t.call('apiList', {}, { token: s.trader })).data).toHaveLength(1);
  });

  it('never sends the secret back after add or update', async () => {
    const replies: unknown[] = [];
    const add = await s.t.call(
      'apiAdd',
      { name: 'test api', bourseId: 3, apiKey: 'key-1', apiSecret: SECRET, apiToken: 'pass-1', status: 4 },
      { token: s.admin },
    );
    replies.push(add);
    expect(add).toMatchObject({ code: 200, info: '添加成功' });
    const apiId = add.data.id as number;
    const update = await s.t.call('apiUpdate', { apiId, name: 'renamed', bourseId: 3, apiKey: 'key-2', apiSecret: NEW_SECRET, status: 1 }, { token: s.admin });
    replies.push(update);
    expect(update).toMatchObject({ code: 200, info: '修改成功' });
    replies.push(await s.t.call('apiList', {}, { token: s.admin }));
    replies.push(await s.t.call('apiNames', { all: 1 }, { token: s.admin }));
    replies.push(await s.t.call('apiChargesGet', { apiId }, { token: s.admin }));
    replies.push(await s.t.call('apiAdvancedGet', { apiId }, { token: s.admin }));
    replies.push(await s.t.call('apiAssetTemplateGet', { apiId }, { token: s.admin }));
    const all = JSON.stringify(replies);
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain(NEW_SECRET);
    expect(all).not.toContain('pass-1');
    const listed = (replies[2] as { data: { id: number; name: string; apiKey: string; apiSecret: string; status: number }[] }).data.find(
      (api) => api.id === apiId,
    );
    expect(listed).toMatchObject({ name: 'renamed', apiKey: 'key-2', apiSecret: '******', apiToken: '******', status: 1, bourse_name: 'Binance' });
  });

  it('keeps the stored secret when an update leaves it out, and validates add', async () => {
    const add = await s.t.call('apiAdd', { name: 'keep', bourseId: 1, apiKey: 'k', apiSecret: 's1', status: 1 }, { token: s.trader });
    const apiId = add.data.id;
    expect((await s.t.call('apiUpdate', { apiId, name: 'keep 2', apiSecret: '' }, { token: s.trader })).code).toBe(200);
    expect((await s.t.call('apiUpdate', { apiId, apiSecret: '******' }, { token: s.trader })).code).toBe(200);
    const listed = (await s.t.call('apiList', {}, { token: s.trader })).data.find((api: { id: number }) => api.id === apiId);
    expect(listed).toMatchObject({ name: 'keep 2', apiSecret: '******' });

    expect(await s.t.call('apiAdd', { bourseId: 1, apiKey: 'k', apiSecret: 's', status: 1 }, { token: s.trader })).toMatchObject({
      code: 400,
      info: 'name 不能为空',
    });
    expect(await s.t.call('apiAdd', { name: 'x', bourseId: 1, apiSecret: 's', status: 1 }, { token: s.trader })).toMatchObject({
      code: 400,
      info: 'apiKey 不能为空',
    });
    expect(await s.t.call('apiAdd', { name: 'x', bourseId: 1, apiKey: 'k', status: 1 }, { token: s.trader })).toMatchObject({
      code: 400,
      info: 'apiSecret 不能为空',
    });
    expect(await s.t.call('apiAdd', { name: 'x', bourseId: 7, apiKey: 'k', apiSecret: 's', status: 1 }, { token: s.trader })).toMatchObject({
      code: 400,
      info: '交易所 7 不存在',
    });
    expect((await s.t.call('apiAdd', { name: 'x', bourseId: 1, apiKey: 'k', apiSecret: 's', status: 2 }, { token: s.trader })).code).toBe(400);

    expect((await s.t.call('apiDelete', { apiId }, { token: s.trader })).info).toBe('删除成功');
    expect((await s.t.call('apiChargesGet', { apiId }, { token: s.trader })).code).toBe(404);
  });

  it('names: all accounts, or only the hedging ones with all=0', async () => {
    const all = await s.t.call('apiNames', { all: 1 }, { token: s.admin });
    const hedging = await s.t.call('apiNames', { all: 0 }, { token: s.admin });
    expect(all.data.length).toBeGreaterThanOrEqual(hedging.data.length);
    expect(all.data[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });

  it('fees: numbers, no negatives', async () => {
    const apiId = (await s.t.call('apiList', {}, { token: s.admin })).data[0].id;
    const fees = await s.t.call('apiChargesGet', { apiId }, { token: s.admin });
    expect(Object.keys(fees.data).sort()).toEqual([
      'csEatCharges',
      'csHangCharges',
      'fuEatCharges',
      'fuHangCharges',
      'maxLoss',
      'ssEatCharges',
      'ssHangCharges',
    ]);
    const saved = await s.t.call('apiChargesUpdate', { apiId, ...fees.data, ssHangCharges: 0.0004 }, { token: s.admin });
    expect(saved).toMatchObject({ code: 200, info: '配置成功' });
    expect((await s.t.call('apiChargesGet', { apiId }, { token: s.admin })).data.ssHangCharges).toBe(0.0004);
    expect(await s.t.call('apiChargesUpdate', { apiId, fuEatCharges: -1 }, { token: s.admin })).toMatchObject({ code: 400, info: 'fuEatCharges 不能为负数' });
    expect(await s.t.call('apiChargesUpdate', { apiId, maxLoss: 'lots' }, { token: s.admin })).toMatchObject({ code: 400, info: 'maxLoss 必须是数字' });
  });

  it('asset template: a positive number', async () => {
    const apiId = (await s.t.call('apiList', {}, { token: s.admin })).data[0].id;
    expect((await s.t.call('apiAssetTemplateGet', { apiId }, { token: s.admin })).data).toEqual({ assetTemplate: 10000 });
    expect((await s.t.call('apiAssetTemplateSave', { apiId, assetTemplate: 12345 }, { token: s.admin })).code).toBe(200);
    expect((await s.t.call('apiAssetTemplateGet', { apiId }, { token: s.admin })).data).toEqual({ assetTemplate: 12345 });
    expect((await s.t.call('apiAssetTemplateSave', { apiId, assetTemplate: 0 }, { token: s.admin })).code).toBe(400);
    expect((await s.t.call('apiAssetTemplateSave', { apiId, assetTemplate: 'abc' }, { token: s.admin })).code).toBe(400);
  });

  it('advanced settings: bounds of each slider and spot + futures ≤ 20', async () => {
    const apiId = (await s.t.call('apiList', {}, { token: s.admin })).data[0].id;
    const current = (await s.t.call('apiAdvancedGet', { apiId }, { token: s.admin })).data;
    expect(Object.keys(current).sort()).toEqual([
      'is_auto_repayment',
      'is_borrow',
      'lever_risk_rate',
      'max_order_notional',
      'proportion_ratio_deposit',
      'proportion_ratio_spot',
      'total_deposit_multiple',
    ]);
    const save = (fields: Record<string, unknown>) => s.t.call('apiAdvancedUpdate', { apiId, ...current, ...fields }, { token: s.admin, lang: 'en' });
    expect((await save({ lever_risk_rate: 0.2, total_deposit_multiple: 20, proportion_ratio_spot: 10, proportion_ratio_deposit: 10 })).code).toBe(200);
    expect((await save({ lever_risk_rate: 2 })).code).toBe(200);
    expect(await save({ lever_risk_rate: 0.19 })).toMatchObject({ code: 400, info: 'lever_risk_rate must be between 0.2 and 2' });
    expect((await save({ lever_risk_rate: 2.01 })).code).toBe(400);
    expect((await save({ total_deposit_multiple: 21 })).code).toBe(400);
    expect(await save({ total_deposit_multiple: 1.5 })).toMatchObject({ code: 400, info: 'total_deposit_multiple must be a whole number' });
    expect((await save({ total_deposit_multiple: -1 })).code).toBe(400);
    expect((await save({ proportion_ratio_spot: 21 })).code).toBe(400);
    expect((await save({ proportion_ratio_spot: -0.5 })).code).toBe(400);
    // the console's sliders move in whole steps (contract/rules/advanced.ts): so does the server
    expect(await save({ proportion_ratio_spot: 2.5 })).toMatchObject({ code: 400, info: 'proportion_ratio_spot must be a whole number' });
    expect((await save({ proportion_ratio_deposit: 0.5, proportion_ratio_spot: 1 })).code).toBe(400);
    expect(await save({ proportion_ratio_spot: 12, proportion_ratio_deposit: 9 })).toMatchObject({
      code: 400,
      info: 'the spot and futures multiples together must not exceed 20',
    });
    expect((await save({ is_borrow: 'maybe' })).code).toBe(400);
    const ok = await save({ is_borrow: true, proportion_ratio_spot: 0, proportion_ratio_deposit: 20 });
    expect(ok.code).toBe(200);
    expect((await s.t.call('apiAdvancedGet', { apiId }, { token: s.admin })).data).toMatchObject({
      is_borrow: true,
      proportion_ratio_spot: 0,
      proportion_ratio_deposit: 20,
    });
  });

  it('advanced settings: the largest order notional is a number of 0 or more (0: no limit), kept when left out', async () => {
    const apiId = (await s.t.call('apiList', {}, { token: s.admin })).data[0].id;
    expect((await s.t.call('apiAdvancedGet', { apiId }, { token: s.admin })).data.max_order_notional).toBe(0);
    const save = (fields: Record<string, unknown>, lang = 'en') => s.t.call('apiAdvancedUpdate', { apiId, ...fields }, { token: s.admin, lang });
    expect(await save({ max_order_notional: 2500.5 })).toMatchObject({ code: 200, data: { max_order_notional: 2500.5 } });
    expect((await save({ is_borrow: false })).data.max_order_notional).toBe(2500.5);
    const rule = 'the largest order notional (USDT) must be a number of 0 or more (0: no limit)';
    expect(await save({ max_order_notional: -1 })).toMatchObject({ code: 400, info: rule });
    expect(await save({ max_order_notional: 'lots' })).toMatchObject({ code: 400, info: rule });
    expect(await save({ max_order_notional: true })).toMatchObject({ code: 400, info: rule });
    expect((await save({ max_order_notional: -1 }, 'zh-CN')).info).toBe('单笔最大下单金额（USDT）必须是不小于 0 的数字（0 表示不限）');
    expect((await save({ max_order_notional: 0 })).data.max_order_notional).toBe(0);
    expect((await s.t.call('apiAdvancedGet', { apiId }, { token: s.admin })).data.max_order_notional).toBe(0);
  });

  it('accounts are paper unless saved as testnet; the mode is paper or testnet, and HTX has no testnet', async () => {
    const paper = await s.t.call('apiAdd', { name: 'paper one', bourseId: 1, apiKey: 'k', apiSecret: 's', status: 1 }, { token: s.trader });
    const listed = (await s.t.call('apiList', {}, { token: s.trader })).data.find((api: { id: number }) => api.id === paper.data.id);
    expect(listed).toMatchObject({
      mode: 'paper',
      key_check: { valid: null, canTrade: null, canWithdraw: null, checkedAt: null, error: null },
      exchange_down: false,
      status_info: '正常',
    });
    const add = (fields: Record<string, unknown>) =>
      s.t.call('apiAdd', { name: 'x', bourseId: 2, apiKey: 'k', apiSecret: 's', status: 1, ...fields }, { token: s.trader, lang: 'en' });
    expect(await add({ mode: 'live' })).toMatchObject({ code: 400, info: 'mode must be one of paper / testnet' });
    expect(await add({ mode: 'testnet' })).toMatchObject({ code: 400, info: 'Huobi has no test network: use paper or live' });
    expect(await s.t.call('apiUpdate', { apiId: paper.data.id, bourseId: 2, mode: 'testnet' }, { token: s.trader, lang: 'en' })).toMatchObject({
      code: 400,
      info: 'Huobi has no test network: use paper or live',
    });
    expect(await s.t.call('tradingModes', {}, { token: s.trader })).toMatchObject({
      code: 200,
      data: { live: false, testnet: { 1: true, 2: false, 3: true } },
    });
    await s.t.call('apiDelete', { apiId: paper.data.id }, { token: s.trader });
  });

  it('chart series: a day (layout 3) in about 180 points; clear restarts the curve', async () => {
    const apiId = (await s.t.call('apiList', {}, { token: s.admin })).data[1].id;
    const chart = await s.t.call('assetImaging', { apiId, layout: 3 }, { token: s.admin });
    expect(chart.data.length).toBeGreaterThanOrEqual(180);
    expect(chart.data.length).toBeLessThanOrEqual(181);
    expect(chart.data[0].dateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(chart.data[0].dateTime < chart.data.at(-1).dateTime).toBe(true);
    expect(Object.keys(chart.data[0]).sort()).toEqual(['dateTime', 'equity', 'equity_rate_usdt', 'equity_usdt', 'rate_usdt']);
    expect((await s.t.call('apiClear', { apiId }, { token: s.admin })).code).toBe(200);
    const cleared = await s.t.call('assetImaging', { apiId }, { token: s.admin });
    expect(cleared.data).toHaveLength(1);
    expect(cleared.data[0]).toMatchObject({ rate_usdt: 0, equity_rate_usdt: 0 });
  });

  it('init answers 初始化成功 once the clock has moved by the initialise delay', async () => {
    const apiId = (await s.t.call('apiList', {}, { token: s.trader })).data[0].id;
    const delay = s.t.server.context.settings.initDelayMs;
    let settled = false;
    const pending = s.t.call('apiInit', { apiId }, { token: s.trader }).finally(() => {
      settled = true;
    });
    await s.t.clock.whenPending();
    await s.t.advance(delay - 1);
    expect(s.t.clock.pending()).toBe(1); // still initialising
    expect(settled).toBe(false);
    await s.t.advance(1);
    expect(s.t.clock.pending()).toBe(0);
    expect(await pending).toMatchObject({ code: 200, info: '初始化成功' });
    const listed = (await s.t.call('apiList', {}, { token: s.trader })).data[0];
    expect(listed.status_info).toContain('10');
  });
});
