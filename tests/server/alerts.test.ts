import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AlertItem, AlertRuleParams } from '#contract/rules/alerts';
import { ORDER_STATUS } from '#contract/rules/order-status';
import type { LegBalance, LegHealthSource } from '../../server/alerts/engine';
import { insertTask } from '../../server/store/tasks';
import { legHealthOfTasks } from '../../server/ledger/leg-health';
import { enginePrices } from '../../server/engine/prices';
import { params as taskParams } from './engine-fixtures';
import { addChildren, addTask, EAGER, setStatus, TASK_PARAMS } from './engine-tasks';
import { openFeed, startTestServer, type TestServer } from './helpers';

/** The board row the spread rules watch: exchange 1 spot against exchange 2 quarter, BTC. */
const ROW = { table: [1, 2, 1, 4], currency: 'btc', field: 'positive', direction: 'above' } as const;
/** Far below and far above any simulated spread: the rule is beyond, or not, whatever the market does. */
const CROSSED = -50;
const UNCROSSED = 50;

const legs = new Map<number, LegBalance>();
const fakeLegHealth: LegHealthSource = async (ids) => new Map([...legs].filter(([id]) => ids.includes(id)));
const ages = new Map<number, number>();

let t: TestServer;
let admin: string;
let trader: string;

const settleAll = async (server = t) => {
  await server.server.alerts.idle();
  await server.server.tasks.idle();
};
/** Moves the clock a second at a time (each of the engine's ticks at its own time), then lets the work settle. */
const run = async (ms: number, server = t) => {
  await server.advance(ms);
  await settleAll(server);
};
const save = async (token: string, rule: AlertRuleParams & { id?: number; cooldownSeconds?: number }, server = t) => {
  const reply = await server.call('alertRuleSave', rule as unknown as Record<string, unknown>, { token });
  expect(reply.code, reply.info).toBe(200);
  await settleAll(server);
  return reply.data.id as number;
};
const log = async (token: string, server = t) =>
  (await server.call<{ list: AlertItem[]; total: number; unread: number }>('alertList', { size: 100 }, { token })).data;
const ofKind = async (token: string, kind: AlertItem['kind']) => (await log(token)).list.filter((a) => a.kind === kind);
const beyond = async (token: string, id: number) =>
  ((await t.call('alertRuleList', {}, { token })).data as { id: number; beyond: boolean }[]).find((r) => r.id === id)?.beyond;
const spread = (threshold: number, extra: { id?: number; cooldownSeconds?: number } = {}) => ({
  kind: 'spread' as const,
  ...ROW,
  table: [...ROW.table] as [number, number, number, number],
  threshold,
  ...extra,
});

beforeAll(async () => {
  t = await startTestServer({ alerts: { legHealth: fakeLegHealth, feedAge: (exchange) => ages.get(exchange) ?? 0 } });
  admin = await t.login('admin', 'admin123');
  trader = await t.login('trader', 'trader123');
});
afterAll(() => t.stop());

describe('alert rules on the server', () => {
  it('a spread rule fires once per crossing, and a crossing within its cooldown is swallowed', async () => {
    const id = await save(admin, spread(CROSSED, { cooldownSeconds: 60 }));
    await run(1000);
    const [first, ...others] = await ofKind(admin, 'spread');
    expect(others).toEqual([]);
    expect(first).toMatchObject({
      ruleId: id,
      read: false,
      link: { table: [1, 2, 1, 4], currency: 'btc' },
      params: { currency: 'BTC', threshold: CROSSED, direction: 'above' },
    });
    await run(5000); // still beyond: no second alert
    expect(await ofKind(admin, 'spread')).toHaveLength(1);

    await save(admin, spread(UNCROSSED, { id }));
    await run(1000);
    expect(await beyond(admin, id)).toBe(false);
    await save(admin, spread(CROSSED, { id }));
    await run(1000);
    expect(await beyond(admin, id)).toBe(true); // crossed again, 8 s after the first: held back
    expect(await ofKind(admin, 'spread')).toHaveLength(1);

    await save(admin, spread(UNCROSSED, { id }));
    await run(60_000);
    await save(admin, spread(CROSSED, { id }));
    await run(1000);
    expect(await ofKind(admin, 'spread')).toHaveLength(2); // the cooldown is over
    await t.call('alertRuleDelete', { id }, { token: admin });
  });

  it('the message channel marks at most one alert per messageIntervalTime per user as sent', async () => {
    const config = (await t.call('globalConfigGet', {}, { token: admin })).data;
    expect((await t.call('globalConfigUpdate', { ...config, messageIntervalTime: 120 }, { token: admin })).code).toBe(200);
    const id = await save(trader, spread(CROSSED, { cooldownSeconds: 1 }));
    const flip = async (wait: number) => {
      await save(trader, spread(UNCROSSED, { id }));
      await run(wait);
      await save(trader, spread(CROSSED, { id }));
      await run(1000);
    };
    await run(1000); // fires: sent
    await flip(5000); // fires 7 s later: within 120 s, not sent
    await flip(100_000); // ~108 s after the sent one: not sent
    await flip(15_000); // ~124 s after it: sent
    const sent = (await ofKind(trader, 'spread')).reverse().map((a) => a.sent);
    expect(sent).toEqual([true, false, false, true]);
    // another user's channel is their own: admin's next alert is sent at once
    const other = await save(admin, spread(CROSSED, { cooldownSeconds: 1 }));
    await run(1000);
    expect((await ofKind(admin, 'spread'))[0]).toMatchObject({ ruleId: other, sent: true });
    await t.call('alertRuleDelete', { id }, { token: trader });
    await t.call('alertRuleDelete', { id: other }, { token: admin });
  });

  it('a task unbalanced for longer than N seconds alerts once per episode (leg health from the source handed in)', async () => {
    const taskId = await insertTask(t.server.context.db, {
      userId: 1,
      strategyId: 1,
      strategyName: 'arbitrage 2',
      name: 'legs',
      params: taskParams(),
      createdAt: t.clock.now(),
    });
    await t.server.context.db.run('UPDATE task_tasks SET status = 2, active = 1 WHERE id = ?', [taskId]);
    legs.set(taskId, { apart: true, exposure: 1234.567 });
    const id = await save(admin, { kind: 'unbalanced', seconds: 10, cooldownSeconds: 1 });
    await run(1000); // unbalanced from here
    await run(8000);
    expect(await ofKind(admin, 'unbalanced')).toEqual([]);
    await run(2000);
    expect(await ofKind(admin, 'unbalanced')).toEqual([
      expect.objectContaining({ ruleId: id, link: { task: taskId }, params: { task: taskId, seconds: 10, exposure: 1234.57 } }),
    ]);
    await run(30_000);
    expect(await ofKind(admin, 'unbalanced')).toHaveLength(1);
    legs.set(taskId, { apart: false, exposure: 0 });
    await run(1000);
    legs.set(taskId, { apart: true, exposure: 10 });
    await run(9000);
    expect(await ofKind(admin, 'unbalanced')).toHaveLength(1);
    await run(2000);
    expect(await ofKind(admin, 'unbalanced')).toHaveLength(2);
    legs.delete(taskId);
    await t.server.context.db.run('UPDATE task_tasks SET status = 4, active = 0 WHERE id = ?', [taskId]);
    await t.call('alertRuleDelete', { id }, { token: admin });
  });

  it("an abnormal order of the engine's own alerts once per abnormal pair, linking to its task", async () => {
    const id = await save(admin, { kind: 'abnormal', cooldownSeconds: 1 });
    await run(1000); // the rule starts from the orders there are
    const taskId = await addTask(t, admin, 'abnormal', { ...TASK_PARAMS, dlt: EAGER, close_dlt: 0.05 });
    await addChildren(t, admin, taskId, [1]);
    await setStatus(t, admin, taskId, 2);
    const abnormalPairs = async () =>
      t.server.context.db.all<{ id: number; pairing_id: string }>(
        `SELECT id, pairing_id FROM task_orders WHERE task_id = ? AND status_ IN (${ORDER_STATUS.abnormal}, ${ORDER_STATUS.abnormalEnd})`,
        [taskId],
      );
    for (let minutes = 0; minutes < 30 && (await abnormalPairs()).length === 0; minutes++) await run(60_000);
    await run(2000);
    const orders = await abnormalPairs();
    expect(orders.length).toBeGreaterThan(0);
    const alerts = await ofKind(admin, 'abnormal');
    const pairOf = new Map(orders.map((o) => [Number(o.id), o.pairing_id]));
    expect(alerts.every((a) => a.link !== null && 'task' in a.link && a.link.task === taskId)).toBe(true);
    expect(new Set(alerts.map((a) => pairOf.get(Number(a.params.order))))).toEqual(new Set(orders.map((o) => o.pairing_id)));
    expect(alerts).toHaveLength(new Set(orders.map((o) => o.pairing_id)).size);
    await setStatus(t, admin, taskId, 4);
    await t.call('alertRuleDelete', { id }, { token: admin });
  });

  it("an exchange's market data stale for longer than N seconds alerts once per outage", async () => {
    const id = await save(admin, { kind: 'feed', seconds: 30, cooldownSeconds: 1 });
    ages.set(2, 29);
    await run(1000);
    expect(await ofKind(admin, 'feed')).toEqual([]);
    ages.set(2, 31);
    await run(3000);
    expect(await ofKind(admin, 'feed')).toEqual([expect.objectContaining({ ruleId: id, params: { exchange: 2, seconds: 31 }, link: null })]);
    ages.set(2, 0);
    await run(1000);
    ages.set(2, 45);
    await run(1000);
    expect(await ofKind(admin, 'feed')).toHaveLength(2);
    ages.clear();
    await t.call('alertRuleDelete', { id }, { token: admin });
  });

  it('a user sees, reads and changes only their own alerts and rules', async () => {
    const mine = (await log(admin)).list;
    expect(mine.length).toBeGreaterThan(0);
    const theirs = (await log(trader)).list;
    expect(theirs.every((a) => !mine.some((m) => m.id === a.id))).toBe(true);
    // trader marks admin's alert ids read: nothing of admin's changes
    const unread = (await log(admin)).unread;
    expect(await t.call('alertRead', { ids: mine.map((a) => a.id) }, { token: trader })).toMatchObject({ code: 200 });
    expect((await log(admin)).unread).toBe(unread);
    const id = await save(admin, { kind: 'feed', seconds: 30 });
    expect((await t.call('alertRuleDelete', { id }, { token: trader })).code).toBe(404);
    expect((await t.call('alertRuleSave', { id, kind: 'feed', seconds: 5 }, { token: trader })).code).toBe(404);
    expect((await t.call('alertRuleList', {}, { token: trader })).data.some((r: { id: number }) => r.id === id)).toBe(false);
    await t.call('alertRuleDelete', { id }, { token: admin });
    // admin reads one, then all
    expect((await t.call('alertRead', { ids: [mine[0]!.id] }, { token: admin })).data.unread).toBe(unread - 1);
    expect((await t.call('alertRead', {}, { token: admin })).data.unread).toBe(0);
    expect((await t.call('alertList', {}, {})).code).toBe(3);
  });

  it('refuses a rule it cannot evaluate, naming the field', async () => {
    expect(await t.call('alertRuleSave', { kind: 'weather' }, { token: admin })).toMatchObject({ code: 400 });
    expect(await t.call('alertRuleSave', { ...spread(1), table: [1, 2, 9, 4] }, { token: admin })).toMatchObject({ code: 400 });
    expect(await t.call('alertRuleSave', { ...spread(1), currency: 'doge' }, { token: admin })).toMatchObject({ code: 400 });
    expect(await t.call('alertRuleSave', { kind: 'unbalanced', seconds: 0 }, { token: admin })).toMatchObject({ code: 400 });
  });

  it('the alert feed sends the unread count and the newest alerts, and pushes when a rule of its user fires', async () => {
    const feed = await openFeed(t.url, `/alert/ws?token=${trader}`);
    feed.socket.send(JSON.stringify({ token: trader }));
    const first = JSON.parse(await feed.next());
    expect(first).toMatchObject({ code: 200, data: { unread: expect.any(Number), voiceIntervalTime: 60 } });
    const id = await save(trader, spread(CROSSED));
    await run(1000);
    const pushed = JSON.parse(await feed.next());
    expect(pushed.data.unread).toBe(first.data.unread + 1);
    expect(pushed.data.latest[0]).toMatchObject({ ruleId: id, kind: 'spread' });
    feed.socket.close();
    await t.call('alertRuleDelete', { id }, { token: trader });
  });
});

describe('alerts across a restart', () => {
  it('keeps the log and what each rule remembers (no second alert for the same crossing)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'console-alerts-'));
    try {
      const first = await startTestServer({ dataDir });
      const token = await first.login('admin', 'admin123');
      await save(token, spread(CROSSED), first);
      await run(2000, first);
      const before = await log(token, first);
      expect(before.list).toHaveLength(1);
      await first.server.close();

      const second = await startTestServer({ dataDir, start: first.clock.now() });
      const again = await second.login('admin', 'admin123');
      await settleAll(second);
      await run(5000, second);
      expect((await log(again, second)).list).toEqual(before.list);
      await second.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the unbalanced rule on the server as it runs (leg health from the ledger, no source handed in)', () => {
  let w: TestServer;
  beforeAll(async () => {
    // every pair fills its legs unevenly and nothing re-hedges within the test: the task trades into imbalance
    w = await startTestServer({
      settings: { engine: { legPartialRate: 1, legRejectRate: 0, stalePriceRate: 0, abnormalRate: 0, rehedgeAfterMs: 86_400_000 } },
    });
  });
  afterAll(() => w.stop());

  it("fires with the exposure the task pages show (legHealthOfTasks), from the engine's own ledgers", async () => {
    const token = await w.login('admin', 'admin123');
    await save(token, { kind: 'unbalanced', seconds: 5, cooldownSeconds: 60 }, w);
    const taskId = await addTask(w, token, 'uneven', { ...TASK_PARAMS, dlt: EAGER, close_dlt: -1 });
    await addChildren(w, token, taskId, [1]);
    await setStatus(w, token, taskId, 2);
    const health = async () =>
      (await legHealthOfTasks(w.server.context.db, [taskId], w.clock.now(), enginePrices(w.server.context.market.prices).prices)).get(taskId);
    for (let s = 0; s < 60 && (await health())?.state !== 'unbalanced'; s++) await run(1000, w);
    expect((await health())?.state).toBe('unbalanced');
    await setStatus(w, token, taskId, 3); // paused: the legs hold still while compared
    await run(10_000, w);
    const [alert, ...more] = (await log(token, w)).list.filter((a) => a.kind === 'unbalanced');
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ link: { task: taskId }, params: { task: taskId, seconds: 5 } });
    expect(Number(alert.params.exposure)).toBeGreaterThan(0);
    expect(Number(alert.params.exposure)).toBeCloseTo((await health())!.exposure, 0);
  });
});
