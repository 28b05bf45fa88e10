// @vitest-environment node
/** The engine's tick tells the asset and order sockets: 'asset.changed' and 'orders.changed' push them without a message from the client. */
import { describe, expect, it } from 'vitest';
import { feeds } from '#contract/feeds';
import { findTask, loadState } from '../../server/store/tasks';
import { addChildren, addTask, EAGER, run, setStatus, TASK_PARAMS } from './engine-tasks';
import { openFeed, signedInServer, type FeedSession } from './helpers';

const s = signedInServer();

const countFills = async (taskId: number) =>
  Number((await s.t.server.context.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM task_fills WHERE task_id = ?', [taskId]))!.n);

/** The asset socket's reply to a fresh subscription now: what a push must equal. */
async function assetsNow(token: string, ids: number[]): Promise<unknown[]> {
  const fresh = await openFeed(s.t.url, `${feeds.asset.path}?token=${token}`);
  fresh.socket.send(JSON.stringify({ token, data: ids }));
  const out = [];
  for (const _ of ids) out.push(JSON.parse(await fresh.next()));
  fresh.socket.close();
  await fresh.closed;
  return out;
}

const drain = (session: FeedSession) => session.messages.splice(0).map((m) => JSON.parse(m) as { code: number; data: { apiId: number } });

describe('engine events on the sockets', () => {
  it('a tick with fills pushes each subscribed account once and the order socket, with the state after the tick', async () => {
    const token = s.admin;
    const taskId = await addTask(s.t, token, 'events', { ...TASK_PARAMS, dlt: EAGER });
    await addChildren(s.t, token, taskId, [1]);
    const { db } = s.t.server.context;
    const [apiA, apiB] = (await loadState(db, (await findTask(db, taskId))!)).children[0]!.child.link_api_id;
    const other = await s.t.call('apiAdd', { name: 'idle', bourseId: 3, apiKey: 'k', apiSecret: 's', status: 1 }, { token });
    expect(other.code, other.info).toBe(200);
    const others = ((await s.t.call('apiList', {}, { token })).data as { id: number }[]).map((a) => a.id).filter((id) => id !== apiA && id !== apiB);
    await setStatus(s.t, token, taskId, 2);

    // one socket watches the task's two accounts, another one an account the task does not trade on
    const assets = await openFeed(s.t.url, `${feeds.asset.path}?token=${token}`);
    assets.socket.send(JSON.stringify({ token, data: [apiA, apiB] }));
    const quiet = await openFeed(s.t.url, `${feeds.asset.path}?token=${token}`);
    quiet.socket.send(JSON.stringify({ token, data: [others[0]] }));
    const orders = await openFeed(s.t.url, feeds.statistics.path, { cookie: `token=${token}` });
    orders.socket.send(JSON.stringify({ currencys: [['btc', 60]], number: 18 }));
    await assets.next();
    await assets.next();
    await quiet.next();
    const firstTotals = JSON.parse(await orders.next());

    // the clock moves a tick at a time until one fills (the eager task trades at once)
    let ticks = 0;
    let fills = await countFills(taskId);
    for (; ticks < 10; ticks += 1) {
      drain(assets);
      drain(orders);
      await run(s.t, 1000);
      const now = await countFills(taskId);
      if (now > fills) break;
      fills = now;
    }
    expect(ticks).toBeLessThan(10);

    // the client sent nothing: these are pushes, one message per subscribed account, as a fresh reply reads now
    const pushed = [JSON.parse(await assets.next()), JSON.parse(await assets.next())];
    expect(pushed.map((m) => m.data.apiId)).toEqual([apiA, apiB]);
    expect(pushed).toEqual(await assetsNow(token, [apiA, apiB]));
    const totals = JSON.parse(await orders.next());
    expect(totals.code).toBe(200);
    expect(totals.data.order.length).toBeGreaterThan(firstTotals.data.order.length);

    // one more tick and a call later: the account no task trades on was never pushed
    quiet.socket.send(JSON.stringify({ token, data: [others[0]] }));
    expect(JSON.parse(await quiet.next()).data.apiId).toBe(others[0]);
    expect(quiet.messages).toEqual([]);
    for (const session of [assets, quiet, orders]) session.socket.close();
    await Promise.all([assets.closed, quiet.closed, orders.closed]);
  }, 60_000);

  it('a manual order pushes the asset and order sockets of its account', async () => {
    const token = s.trader;
    const [api] = (await s.t.call('apiList', {}, { token })).data as { id: number }[];
    const assets = await openFeed(s.t.url, `${feeds.asset.path}?token=${token}`);
    assets.socket.send(JSON.stringify({ token, data: [api!.id] }));
    const orders = await openFeed(s.t.url, feeds.statistics.path, { cookie: `token=${token}` });
    orders.socket.send(JSON.stringify({ currencys: [['btc', 60]], number: 18 }));
    const before = JSON.parse(await assets.next());
    await orders.next();

    const reply = await s.t.call('manualTrading', { apiId: api!.id, symbol: 'btc', type: 1, direction: 1, way: 1, amount: 0.01 }, { token });
    expect(reply.code, reply.info).toBe(200);
    const after = JSON.parse(await assets.next());
    const btc = (m: { data: { asset_info: { list: { currency: string; spot: number }[] } } }) =>
      Number(m.data.asset_info.list.find((r) => r.currency === 'btc')!.spot);
    expect(btc(after) - btc(before)).toBeCloseTo(0.01, 8);
    expect(JSON.parse(await orders.next()).code).toBe(200);
    assets.socket.close();
    orders.socket.close();
    await Promise.all([assets.closed, orders.closed]);
  });
});
