// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BLOCK_REWARD_BTC, modelProblems } from '#contract/rules/miner';
import { DEMO_DIFFICULTY, DEMO_MINER_MODELS, listModels, startModelTable } from '../../server/store/miner';
import { signedInServer } from './helpers';

const s = signedInServer();
const names = (models: { name: string }[]) => models.map((m) => m.name);

describe('miner models and network (/main/mill, /main/mill1, /main/mill2)', () => {
  it('starts a user from the published figures (S21: 200 TH/s at 3 500 W), each a valid model', () => {
    expect(DEMO_MINER_MODELS).toContainEqual({ name: 'Antminer S21', hashrate: 200, power: 3500 });
    for (const model of DEMO_MINER_MODELS) expect(modelProblems(model)).toEqual({});
  });

  it("answers the demo difficulty, the 3.125 BTC reward and the market engine's BTC price", async () => {
    const reply = await s.t.call('minerNetwork', {}, { token: s.admin });
    expect(reply.code).toBe(200);
    expect(reply.data).toMatchObject({ difficulty: DEMO_DIFFICULTY, blockReward: BLOCK_REWARD_BTC });
    const price = (await s.t.server.context.market.prices.quote(1, 'btc', 1, s.t.clock.now())).last;
    expect(reply.data.coinPrice).toBe(price);
    expect(price).toBeGreaterThan(1000);
  });

  it('lists the demo models, then adds, edits and deletes, each change read back', async () => {
    const first = await s.t.call('minerModels', {}, { token: s.admin });
    expect(names(first.data)).toEqual(names([...DEMO_MINER_MODELS]));

    const added = await s.t.call('minerModelSave', { name: 'Avalon A1566', hashrate: 185, power: 3420 }, { token: s.admin });
    expect(added).toMatchObject({ code: 200, info: '添加成功', data: { name: 'Avalon A1566', hashrate: 185, power: 3420 } });
    const edited = await s.t.call('minerModelSave', { id: added.data.id, name: 'Avalon A1566 (tuned)', hashrate: 190, power: 3400 }, { token: s.admin });
    expect(edited).toMatchObject({ code: 200, info: '修改成功', data: { id: added.data.id, hashrate: 190 } });
    expect((await s.t.call('minerModels', {}, { token: s.admin })).data.at(-1)).toEqual({
      id: added.data.id,
      name: 'Avalon A1566 (tuned)',
      hashrate: 190,
      power: 3400,
    });

    expect(await s.t.call('minerModelDelete', { id: added.data.id }, { token: s.admin })).toMatchObject({ code: 200, info: '删除成功' });
    expect(names((await s.t.call('minerModels', {}, { token: s.admin })).data)).toEqual(names([...DEMO_MINER_MODELS]));
    expect((await s.t.call('minerModelDelete', { id: added.data.id }, { token: s.admin })).code).toBe(404);
  });

  it("refuses a bad model with the console's own message, a duplicate name, and an unknown id", async () => {
    expect(await s.t.call('minerModelSave', { name: 'X', hashrate: 0, power: 100 }, { token: s.admin })).toMatchObject({
      code: 400,
      info: '算力 (TH/s)必须大于 0',
    });
    expect(await s.t.call('minerModelSave', { name: '', hashrate: 1, power: 100 }, { token: s.admin, lang: 'en' })).toMatchObject({
      code: 400,
      info: 'Enter Model',
    });
    expect(await s.t.call('minerModelSave', { name: 'Antminer S21', hashrate: 1, power: 1 }, { token: s.admin })).toMatchObject({
      code: 400,
      info: '已有名为 Antminer S21 的矿机型号',
    });
    expect((await s.t.call('minerModelSave', { id: 99999, name: 'Ghost', hashrate: 1, power: 1 }, { token: s.admin })).code).toBe(404);
  });

  it("keeps a table its user emptied empty, and each user's table apart", async () => {
    const db = s.t.server.context.db;
    const other = 987654;
    await startModelTable(db, other, DEMO_MINER_MODELS.slice(0, 1));
    expect(names(await listModels(db, other))).toEqual(['Antminer S21']);
    await db.run('DELETE FROM miner_models WHERE user_id = ?', [other]);
    await startModelTable(db, other, DEMO_MINER_MODELS);
    expect(await listModels(db, other)).toEqual([]);
    expect(names((await s.t.call('minerModels', {}, { token: s.admin })).data)).toEqual(names([...DEMO_MINER_MODELS]));
  });

  it('refuses the calls to a user without the miner pages (403)', async () => {
    expect((await s.t.call('minerModels', {}, { token: s.trader })).code).toBe(403);
    expect((await s.t.call('minerNetwork', {}, { token: s.trader })).code).toBe(403);
    expect((await s.t.call('minerModelSave', { name: 'T', hashrate: 1, power: 1 }, { token: s.trader })).code).toBe(403);
  });
});
