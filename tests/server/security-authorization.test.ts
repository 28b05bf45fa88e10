// @vitest-environment node
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CALL_ACCESS } from '#contract/access/calls';
import { endpointNames, endpoints, type EndpointName } from '#contract/endpoints';
import { CALL_IDS, idFieldsOf, kindOf, reachOf, type IdKind, type IdSpec } from '#contract/ownership/calls';
import { FEED_IDS } from '#contract/ownership/feeds';
import { demoAccount } from '../../server/demo-accounts';
import { FEED_ACCESS } from '#contract/access/feeds';
import { feeds, type FeedName } from '#contract/feeds';
import { MATRIX_FILE, USERS, allowed, authorizationMarkdown, isUnilateralAdmin, reachFor, type User } from '../../scripts/authorization-matrix';
import { insertAlert } from '../../server/store/alerts';
import { listModels, startModelTable, DEMO_MINER_MODELS } from '../../server/store/miner';
import { startRun } from '../../server/paper/runs';
import { DEMO_USER } from '../../server/store/paper';
import { findUserByName } from '../../server/store/users';
import { params as engineParams } from './engine-fixtures';
import { addTask, run, strategyId as strategyNamed, TASK_PARAMS } from './engine-tasks';
import { startTradingTask } from './order-fixtures';
import { startTestServer, type Reply, type TestServer } from './helpers';

/**
 * The authorization matrix (docs/AUTHORIZATION.md) is the data the console's access control and the server
 * read. Who may make each call is proved by tests/server/permissions.test.ts; here, for every role (the demo
 * accounts: follower, manager, trader, admin) and every id every call and feed names (contract/ownership/calls.ts),
 * whose objects it answers for: another user's id is answered exactly as an id that does not exist and changes
 * nothing; the caller's own (or a shared object, where the matrix says any) is found.
 */

describe('authorization matrix', () => {
  it('docs/AUTHORIZATION.md is the table written from contract/access/calls.ts and contract/ownership/calls.ts (npx tsx scripts/authorization-matrix.ts)', () => {
    expect(readFileSync(MATRIX_FILE, 'utf8')).toBe(authorizationMarkdown());
  });

  it('names every call and feed of the contract', () => {
    expect(Object.keys(CALL_IDS).sort()).toEqual([...endpointNames].sort());
    for (const name of Object.keys(FEED_IDS)) expect(Object.keys(feeds)).toContain(name);
  });
});

/** An id of no object of any kind. */
const MISSING = 987_654_321;
const MISSING_SOLE_ID = 'no-such-strategy';
const DAYS = JSON.stringify([0, '2000-01-01 00:00:00', '2100-01-01 00:00:00']);
const BINANCE_CALLS: readonly EndpointName[] = ['binanceLeverage', 'binanceBlacklistGet', 'binanceBlacklistSave', 'binanceBlacklistDelete', 'followTaskAdd'];

/** What one demo user owns, by kind (absent: the user has none of that kind). */
interface Own {
  token: string;
  sign?: string;
  api?: number;
  /** a one-sided API account on Binance: the key of the user's follow task */
  binanceApi?: number;
  task?: number;
  child?: number;
  /** a task asked to start that the engine has not started yet (status detection answers "not done") */
  pendingTask?: number;
  followTask?: number;
  followStrategy?: number;
  alert?: number;
  alertRule?: number;
  paperRun?: number;
  minerModel?: number;
}

interface Shared {
  arbitrage2: number;
  spare: { id: number; soleId: string };
  demoRun: number;
  /** unilateral strategies: a shown running one and the hidden one, with their names and targets */
  shown: number;
  hidden: number;
  uStrategy: Map<number, { names: string; target: number }>;
}

let t: TestServer;
const own = {} as Record<User, Own>;
const shared = {} as Shared;

/** The object of `kind` a user owns that `call` can act on. */
function objectOf(user: User, kind: IdKind, call: EndpointName): number | undefined {
  const o = own[user];
  switch (kind) {
    case 'apiAccount':
      return BINANCE_CALLS.includes(call) ? o.binanceApi : o.api;
    case 'task':
      return call === 'taskStatusDetectionBatch' ? o.pendingTask : o.task;
    case 'childTask':
      return o.child;
    case 'followTask':
      return o.followTask;
    case 'alert':
      return o.alert;
    case 'alertRule':
      return o.alertRule;
    case 'paperRun':
      return o.paperRun;
    case 'minerModel':
      return o.minerModel;
    default:
      return undefined;
  }
}

/** The shared object a call names (reach any / shown): the library's, a spare one where the call changes it. */
function sharedOf(kind: IdKind, call: EndpointName, field: string): number | string {
  if (kind === 'arbitrageStrategy') {
    if (field === 'strategySoleId') return shared.spare.soleId;
    return call === 'strategyDelete' || call === 'strategyUpdate' ? shared.spare.id : shared.arbitrage2;
  }
  return shared.shown;
}

const followForm = (user: User) => ({
  stopLoss: 20,
  positiveLeverage: 1,
  negativeLeverage: 1,
  isBuy: 1,
  isSell: 1,
  ...(isUnilateralAdmin(user) ? { priority: 1 } : {}),
});
const manualCparam = (cid: number | string) => JSON.stringify({ dlt: -0.01, count: 1, duration: 1, cid: String(cid), change_type: 'close' });
const uTarget = (strategyId: number | string) => shared.uStrategy.get(Number(strategyId))?.target ?? 1;
const uNames = (strategyId: number | string) => shared.uStrategy.get(Number(strategyId))?.names ?? 'missing';

type Payload = Record<string, unknown> | FormData;
type Build = (id: number | string, me: Own, user: User) => Payload;

/** Each (call, id field) the matrix checks: a payload naming `id` there, every other field the caller's own and valid. */
const PAYLOADS: Record<string, Build> = {
  'apiUpdate.apiId': (id) => ({ apiId: id, name: 'renamed' }),
  'apiDelete.apiId': (id) => ({ apiId: id }),
  'apiClear.apiId': (id) => ({ apiId: id }),
  'apiInit.apiId': (id) => ({ apiId: id }),
  'apiChargesGet.apiId': (id) => ({ apiId: id }),
  'apiChargesUpdate.apiId': (id) => ({ apiId: id, ssHangCharges: 0.001 }),
  'apiAssetTemplateGet.apiId': (id) => ({ apiId: id }),
  'apiAssetTemplateSave.apiId': (id) => ({ apiId: id, assetTemplate: 10_000 }),
  'apiAdvancedGet.apiId': (id) => ({ apiId: id }),
  'apiAdvancedUpdate.apiId': (id) => ({ apiId: id, is_borrow: false }),
  // a paper account: its key is not checked, and live is refused (the server does not allow it): nothing is sent or changed
  'apiLive.apiId': (id) => ({ apiId: id, enable: true, confirm: 'OKEx/x' }),
  'apiCheck.apiId': (id) => ({ apiId: id }),
  'auditLog.apiId': (id) => ({ apiId: id, page: 1, pageSize: 10 }),
  'killSwitch.apiId': (id) => ({ apiId: id }),
  'assetImaging.apiId': (id) => ({ apiId: id, layout: 1 }),
  'assetBorrowRecords.apiId': (id) => ({ apiId: id }),
  'assetLedgerLog.apiId': (id) => ({ apiId: id }),
  'assetManualSnapshot.apiId': (id) => ({ apiId: id }),
  'assetStatistics.apiId': (id) => ({ apiId: String(id), layout: 1 }),
  'assetTradeRecords.apiId': (id) => ({ apiId: String(id) }),
  'manualTrading.apiId': (id) => ({ apiId: id, symbol: 'btc', type: 1, direction: 1, way: 1, amount: 0.001 }),
  'restoreTask.apiId': (id) => ({ apiId: String(id) }),
  'hedgingRestoreTask.apiId': (id) => ({ apiId: String(id) }),

  'strategyParamsGet.strategyId': (id) => ({ strategyId: id }),
  'strategyParamsGet2.strategyId': (id) => ({ strategyId: id }),
  'strategySaveFiles.strategySoleId': (id) => {
    const form = new FormData();
    form.append('strategySoleId', String(id));
    form.append('strategyName', 'spare');
    return form;
  },
  'strategyUpdate.strategyId': (id) => ({ strategyId: id }),
  'strategyDelete.strategyId': (id) => ({ strategyId: id }),

  'taskAdd.strategyId': (id) => ({ name: 'from the library', strategyId: id, params: TASK_PARAMS }),
  'taskParamsUpdate.taskId': (id) => ({ taskId: id, params: { slip: 0.001 } }),
  'taskParamsGet.taskId': (id) => ({ taskId: id }),
  'taskNameUpdate.taskId': (id) => ({ taskId: id, name: 'renamed' }),
  'taskStatusUpdate.taskId': (id) => ({ taskId: id, settingStatus: 2 }),
  'taskStatusDetection.taskId': (id) => ({ taskId: id }),
  'taskStatusUpdateBatch.taskIds': (id) => ({ taskIds: [id], settingStatus: 2 }),
  'taskStatusDetectionBatch.taskIds': (id) => ({ taskIds: [id], settingStatus: 2 }),
  'taskDelete.taskId': (id) => ({ taskId: id }),
  'taskAvailableApi.taskId': (id) => ({ taskId: id, status: 1 }),
  'taskChildrenList.taskId': (id) => ({ taskId: id }),
  'taskChildrenAdd.taskId': (id, me) => ({ taskId: id, linkApiId: [me.api], weight: 1 }),
  'taskChildrenAdd.linkApiId': (id, me) => ({ taskId: me.task, linkApiId: [id], weight: 1 }),
  'taskChildrenStatusUpdate.taskChildrenId': (id) => ({ taskChildrenId: id, settingStatus: 2 }),
  'taskChildrenDelete.taskChildrenId': (id) => ({ taskChildrenId: id }),
  'taskPositionStatistics.taskId': (id) => ({ taskId: id }),
  'taskChildrenPositionStatistics.childrenTaskId': (id) => ({ childrenTaskId: id }),
  'taskEarnings.taskId': (id) => ({ taskId: id }),
  'taskChildrenEarnings.childrenTaskId': (id) => ({ childrenTaskId: id }),
  'manualClosePosition.task_id': (id, me) => ({ task_id: id, cids: String(me.child) }),
  'manualClosePosition.cids': (id, me) => ({ task_id: me.task, cids: String(id) }),
  'manualTrade.task_id': (id, me) => ({ task_id: id, cparam: manualCparam(me.child!) }),
  'manualTrade.cparam.cid': (id, me) => ({ task_id: me.task, cparam: manualCparam(id) }),
  'manualTradeEnd.task_id': (id) => ({ task_id: id }),
  'changeRecords.task_id': (id) => ({ task_id: id, bars: 10, page_num: 1 }),
  'orderNewest.taskId': (id) => ({ taskId: id, number: 5 }),
  'orderQuerySDC.apis': (id) => ({ apis: JSON.stringify([0, id]), days: DAYS, currencys: '[0]', tasks: '[0]' }),
  'orderQuerySDC.tasks': (id) => ({ apis: '[0]', days: DAYS, currencys: '[0]', tasks: JSON.stringify([0, id]) }),

  'unilateralStrategyState.strategyIds': (id) => ({ strategyIds: [id], state: 1 }),
  'unilateralStrategyShow.strategyId': (id) => ({ strategyId: id, target: uTarget(id) }),
  'unilateralStrategyUpdate.strategyId': (id, _me, user) => ({
    strategyId: id,
    names: uNames(id),
    target: uTarget(id),
    ...(isUnilateralAdmin(user) ? { priority: 1 } : {}),
  }),
  'unilateralStrategyReproduction.strategyId': (id) => ({ strategyId: id }),
  'unilateralOneClickFollow.strategyId': (id) => ({ strategyId: id, type: 1 }),
  'unilateralPageData.apiId': (id, me) => ({ sign: me.sign, ids: 0, number: 20, types: 2, apiId: id }),
  'unilateralPageData.strategyId': (id, me) => ({ sign: me.sign, ids: 0, number: 20, types: 3, strategyId: id }),
  'unilateralRetreatIndicators.strategyId': (id) => ({ strategyId: id }),
  'unilateralTransactionIdentifier.strategyId': (id) => ({ strategyId: id, cycle: '1H' }),
  'followTaskAdd.apiId': (id, _me, user) => ({ ...followForm(user), apiId: id, strategyId: shared.shown }),
  'followTaskAdd.strategyId': (id, me, user) => ({ ...followForm(user), apiId: me.binanceApi, strategyId: id }),
  'followTaskUpdate.apiId': (id, me, user) => ({ ...followForm(user), apiId: id, strategyId: me.followStrategy }),
  'followTaskUpdate.strategyId': (id, me, user) => ({ ...followForm(user), apiId: me.followTask, strategyId: id }),
  'followTaskDetail.apiId': (id) => ({ apiId: id }),
  'followTaskState.apis': (id) => ({ apis: [id], state: 1 }),
  'followTaskDelete.apiId': (id) => ({ apiId: id }),
  'followOrderDetail.api_ids': (id) => ({ api_ids: [id], recordId: 0, number: 20 }),
  'followAssetRateChart.apiId': (id) => ({ apiId: id, layout: 3 }),
  'followChangeTask.apiId': (id, me) => ({ apiId: id, strategyId: me.followStrategy }),
  'followChangeTask.strategyId': (id, me) => ({ apiId: me.followTask, strategyId: id }),
  'followAdjustPosition.apiId': (id) => ({ apiId: id, position: 0 }),
  'followIndependentTrigger.apiId': (id) => ({ apiId: id, type: 1 }),
  'accountPage.strategyId': (id) => ({ strategyId: id }),
  'binanceLeverage.apiId': (id) => ({ apiId: id, leverage: 5 }),
  'followSignalGet.apiId': (id) => ({ apiId: id }),
  'followSignalSave.apiId': (id) => ({ apiId: id, follow: 1 }),
  'binanceBlacklistGet.apiId': (id) => ({ apiId: id }),
  'binanceBlacklistSave.apiId': (id) => ({ apiId: id, currency: 'eth' }),
  'binanceBlacklistDelete.apiId': (id) => ({ apiId: id, currency: 'eth' }),
  'simulatedData.runId': (id) => ({ runId: id }),
  'simulatedOrderDetail.runId': (id) => ({ runId: id }),
  'internalKline.strategyId': (id) => ({ strategyId: id, cycle: '1H' }),
  'strategyData.strategyId': (id) => ({ strategyId: id }),
  'apiData.apiId': (id) => ({ apiId: id }),
  'pagesData.strategyId': (id) => ({ strategyId: id, types: 2, page: 1 }),
  'minerModelSave.id': (id) => ({ id, name: 'Renamed model', hashrate: 100, power: 3000 }),
  'minerModelDelete.id': (id) => ({ id }),
  'paperStart.strategyId': (id) => ({ strategyId: id, params: {} }),
  'paperStop.runId': (id) => ({ runId: id }),
  'alertRead.ids': (id) => ({ ids: [id] }),
  'alertRuleSave.id': (id) => ({ id, kind: 'abnormal' }),
  'alertRuleDelete.id': (id) => ({ id }),
};

interface Case {
  name: EndpointName;
  field: string;
  spec: IdSpec;
}
const key = (c: Case) => `${c.name}.${c.field}`;
/** Every id a call names whose reach is not 'none': what is proved below. */
const CASES: Case[] = endpointNames
  .flatMap((name) => idFieldsOf(name).map(([field, spec]) => ({ name, field, spec })))
  .filter((c) => reachOf(c.spec) !== 'none');

/** Calls that change or remove the caller's own objects for good: made last. */
const LAST: readonly EndpointName[] = [
  'followChangeTask',
  'followTaskState',
  'followTaskDelete',
  'taskChildrenDelete',
  'taskDelete',
  'paperStop',
  'minerModelDelete',
  'alertRuleDelete',
  'binanceBlacklistDelete',
  'strategyDelete',
  'apiDelete',
];

async function call(name: EndpointName, payload: Payload, token: string): Promise<Reply> {
  // /api/init waits settings.initDelayMs (0 here) on the clock: let its timer run once it is set
  if (name !== 'apiInit') return t.call(name, payload instanceof FormData ? payload : { ...payload }, { token });
  const waiting = t.clock.pending();
  const reply = t.call(name, payload as Record<string, unknown>, { token });
  const first = await Promise.race([reply.then(() => 'answered'), t.clock.whenPending(waiting + 1).then(() => 'waiting')]);
  if (first === 'waiting') t.clock.tick(0);
  return reply;
}

const ask = (c: Case, id: number | string, user: User) => call(c.name, PAYLOADS[key(c)]!(id, own[user], user), own[user].token);
const missingOf = (c: Case) => (c.field === 'strategySoleId' ? MISSING_SOLE_ID : MISSING);
const shown = (reply: Reply) => JSON.stringify(reply).slice(0, 200);

/** Every table's rows, but the sessions' and captchas' (signing in is not what is checked here). */
async function snapshot(): Promise<Record<string, string>> {
  const { db } = t.server.context;
  const tables = await db.all<{ name: string; wr: number }>(
    "SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT IN ('sessions', 'captchas', 'login_failures') AND name <> 'sqlite_schema' ORDER BY name",
  );
  const rows: Record<string, string> = {};
  // a table WITHOUT ROWID (order_sums) is read in its key's order
  for (const { name, wr } of tables) rows[name] = JSON.stringify(await db.all(`SELECT * FROM "${name}"${wr ? '' : ' ORDER BY rowid'}`));
  return rows;
}

const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);

async function signIn(user: User): Promise<string> {
  const { password } = demoAccount(user);
  return user === 'follower' || user === 'manager' ? t.loginUnilateral(user, password) : t.login(user, password);
}

beforeAll(async () => {
  t = await startTestServer({ settings: { unilateralDemo: true, initDelayMs: 0 } });
  const { db } = t.server.context;
  const now = t.clock.now();
  for (const user of USERS) own[user] = { token: await signIn(user) };
  const data = async (user: User, name: EndpointName, payload: Payload = {}) => {
    const reply = await call(name, payload, own[user].token);
    if (reply.code !== 200) throw new Error(`${name} as ${user}: ${reply.code} ${reply.info}`);
    return reply.data;
  };

  // the arbitrage library, and a spare strategy the super user may change and delete
  shared.arbitrage2 = await strategyNamed(t, own.admin.token);
  const upload = new FormData();
  for (const [field, value] of Object.entries({ strategyName: 'spare', initialMoney: '1000', strategySoleId: 'spare' })) upload.append(field, value);
  upload.append('file', new Blob(['# spare/{"dlt":0.1,"m":2}/v1\n']), 'spare.py');
  shared.spare = { id: (await data('admin', 'strategySaveFiles', upload)).id, soleId: 'spare' };

  // the unilateral side (seeded): a shown running strategy, the hidden one; each unilateral user's auto follow task on Binance
  const strategies = (await data('admin', 'unilateralStrategyList')) as { id: number; names: string; status: number; target: number }[];
  shared.uStrategy = new Map(strategies.map((s) => [s.id, { names: s.names, target: s.target }]));
  shared.shown = strategies.find((s) => s.target === 1 && s.status === 1)!.id;
  shared.hidden = strategies.find((s) => s.target === 0)!.id;
  for (const user of ['follower', 'manager', 'admin'] as const) {
    const task = ((await data(user, 'unilateralApiList')) as { id: number; status: number; strategy_id: number }[]).find((f) => f.status === 1)!;
    Object.assign(own[user], { followTask: task.id, followStrategy: task.strategy_id, binanceApi: task.id, sign: (await data(user, 'signGet')).sign });
  }
  own.follower.api = own.follower.binanceApi;
  own.manager.api = own.manager.binanceApi;

  // the hedging side: a trading task with a child for the trader and the super user, run until it has orders,
  // and a second task asked to start that the engine has not started yet
  for (const user of ['trader', 'admin'] as const) {
    const dataCall = (name: EndpointName, payload?: Record<string, unknown>) => data(user, name, payload);
    const { taskId, childId } = await startTradingTask(dataCall, `${user}'s trading task`, 'btc');
    const apis = (await data(user, 'taskAvailableApi', { taskId, status: 1 })) as { id: number }[];
    Object.assign(own[user], { task: taskId, child: childId, api: apis[0]!.id });
  }
  await run(t, 20_000);
  for (const user of ['trader', 'admin'] as const) {
    const pendingTask = await addTask(t, own[user].token, `${user}'s pending task`);
    await data(user, 'taskStatusUpdate', { taskId: pendingTask, settingStatus: 2 });
    own[user].pendingTask = pendingTask;
  }

  // alerts and rules for everyone; paper runs and miner models for the super user (whose pages they are) and the
  // trader (as another user's), and a demo run everyone reads
  for (const user of USERS) {
    const { id: userId } = (await findUserByName(db, user))!;
    own[user].alertRule = (await data(user, 'alertRuleSave', { kind: 'abnormal' })).id;
    own[user].alert = await insertAlert(db, { userId, ruleId: own[user].alertRule!, kind: 'abnormal', params: {}, link: null, at: now, sent: false });
  }
  const trader = (await findUserByName(db, 'trader'))!;
  own.admin.paperRun = (await data('admin', 'paperStart', { strategyId: shared.arbitrage2, params: {} })).id;
  const paper = { strategyId: shared.arbitrage2, strategyName: 'arbitrage 2', params: engineParams(), startedAt: now };
  own.trader.paperRun = await startRun(db, { ...paper, userId: trader.id, name: "the trader's run" });
  shared.demoRun = await startRun(db, { ...paper, userId: DEMO_USER, name: 'demo run' });
  own.admin.minerModel = ((await data('admin', 'minerModels')) as { id: number }[])[0]!.id;
  await startModelTable(db, trader.id, DEMO_MINER_MODELS);
  own.trader.minerModel = (await listModels(db, trader.id))[0]!.id;
}, 120_000);
afterAll(() => t.stop());

/** The first message a feed answers to `{token, data: ids}` (the token in the query where the feed takes it there). */
async function feedReply(name: FeedName, token: string, ids: readonly number[]): Promise<string> {
  const { path, tokenInQuery } = feeds[name];
  const socket = new WebSocket(t.url.replace(/^http/, 'ws') + (tokenInQuery ? `${path}?token=${token}` : path));
  const first = new Promise<string>((resolve) => socket.once('message', (data) => resolve(data.toString())));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ token, data: ids }));
  const text = await first;
  socket.close();
  return text;
}

describe('feeds that name ids, for every role', () => {
  it("answer another user's ids as ids that do not exist, and the caller's own", async () => {
    const wrong: string[] = [];
    for (const [name, spec] of Object.entries(FEED_IDS) as [FeedName, IdSpec][]) {
      for (const user of USERS) {
        if (!allowed(FEED_ACCESS[name], user)) continue;
        const kind = kindOf(spec);
        const ownId = objectOf(user, kind, 'taskList');
        const missing = await feedReply(name, own[user].token, [MISSING]);
        if (ownId === undefined || (await feedReply(name, own[user].token, [ownId])) === missing)
          wrong.push(`${name} as ${user}: its own ${kind} is not answered`);
        for (const other of USERS) {
          const id = other === user ? undefined : objectOf(other, kind, 'taskList');
          if (id !== undefined && (await feedReply(name, own[user].token, [id])) !== missing)
            wrong.push(`${name} as ${user}: ${other}'s ${kind} ${id} is answered`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('lists of follow tasks, and the monitoring (docs/AUTHORIZATION.md)', () => {
  const ids = async (user: User, name: EndpointName, payload: Record<string, unknown> = {}) =>
    ((await t.call(name, payload, { token: own[user].token })).data as { id: number }[]).map((task) => task.id);
  const unilateral: readonly User[] = ['follower', 'manager', 'admin'];

  it("every role's lists hold its own follow tasks only", async () => {
    for (const user of unilateral) {
      const others = unilateral.filter((other) => other !== user).map((other) => own[other].followTask);
      const lists = {
        unilateralApiList: await ids(user, 'unilateralApiList'),
        accountPage: [
          ...(await ids(user, 'accountPage', { strategyId: own.follower.followStrategy })),
          ...(await ids(user, 'accountPage', { strategyId: own.manager.followStrategy })),
        ],
        unilateralAllData: ((await t.call('unilateralAllData', { sign: own[user].sign }, { token: own[user].token })).data.task as { id: number }[]).map(
          (task) => task.id,
        ),
        task_ids: ((await t.call('unilateralStrategyList', {}, { token: own[user].token })).data as { task_ids: number[] }[]).flatMap((s) => s.task_ids),
      };
      expect(lists.unilateralApiList, user).toContain(own[user].followTask);
      for (const [name, list] of Object.entries(lists)) for (const other of others) expect(list, `${name} as ${user}`).not.toContain(other);
    }
  });

  it('the monitoring shows the super user and the unilateral manager every follow task, the follower its own', async () => {
    const everyone = unilateral.map((user) => own[user].followTask);
    for (const user of ['manager', 'admin'] as const)
      expect(await ids(user, 'unilateralMonitoringDetail', { target: 2 })).toEqual(expect.arrayContaining(everyone));
    const follower = await ids('follower', 'unilateralMonitoringDetail', { target: 2 });
    expect(follower).toContain(own.follower.followTask);
    expect(follower).not.toContain(own.manager.followTask);
    expect(follower).not.toContain(own.admin.followTask);
  });

  it("the unilateral manager reads, stops and moves none of another user's follow tasks by id", async () => {
    const victim = own.follower.followTask!;
    const detail = await t.call('followTaskDetail', { apiId: victim }, { token: own.manager.token });
    const stop = await t.call('followTaskState', { apis: [victim], state: 0 }, { token: own.manager.token });
    const adjust = await t.call('followAdjustPosition', { apiId: victim, position: 0 }, { token: own.manager.token });
    for (const reply of [detail, stop, adjust]) expect(reply).toMatchObject({ code: 404, info: '跟随任务不存在或不属于当前用户' });
    expect(((await t.call('followTaskDetail', { apiId: victim }, { token: own.follower.token })).data as { apiId: number }).apiId).toBe(victim);
  });
});

describe('whose objects each id names, for every role (docs/AUTHORIZATION.md)', () => {
  it('every id a call names has a case here, and every role owns what it may name', () => {
    expect(CASES.map(key).filter((k) => !PAYLOADS[k])).toEqual([]);
    const gaps: string[] = [];
    for (const c of CASES) {
      for (const user of USERS) {
        if (!allowed(CALL_ACCESS[c.name], user)) continue;
        const reach = reachFor(c.spec, user);
        if ((reach === 'own' || reach === 'ownOrDemo') && objectOf(user, kindOf(c.spec), c.name) === undefined)
          gaps.push(`${key(c)}: ${user} owns no ${kindOf(c.spec)}`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it("another user's id is answered as an id that does not exist, for every role and every call, and nothing changes", async () => {
    const before = await snapshot();
    const leaks: string[] = [];
    let compared = 0;
    for (const user of USERS) {
      for (const c of CASES) {
        if (!allowed(CALL_ACCESS[c.name], user)) continue;
        const reach = reachFor(c.spec, user);
        const kind = kindOf(c.spec);
        const others: [string, number | string][] = [];
        if (reach === 'own' || reach === 'ownOrDemo') {
          for (const other of USERS) {
            const id = other === user ? undefined : objectOf(other, kind, c.name);
            if (id !== undefined) others.push([`${other}'s`, id]);
          }
        }
        // hidden unilateral strategies: not there for who is not the unilateral admin
        if (reach === 'shown') others.push(['the hidden', shared.hidden]);
        if (!others.length) continue;
        const missing = await ask(c, missingOf(c), user);
        if (missing.code === 200 && missing.data === null) leaks.push(`${key(c)} as ${user}: a missing id is answered ${shown(missing)}`);
        for (const [whose, id] of others) {
          const reply = await ask(c, id, user);
          compared += 1;
          if (JSON.stringify(reply) !== JSON.stringify(missing))
            leaks.push(`${key(c)} as ${user}, ${whose} ${kind} ${id}: ${shown(reply)}, not as a missing id: ${shown(missing)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(changedTables(before, await snapshot())).toEqual([]);
    expect(compared).toBeGreaterThan(150);
  });

  it('the caller’s own objects, the demo runs and the shared objects the matrix gives a role are found', async () => {
    const missed: string[] = [];
    const last = (c: Case) => LAST.indexOf(c.name);
    const ordered = [...CASES].sort((a, b) => last(a) - last(b) || Number(endpoints[a.name].method !== 'GET') - Number(endpoints[b.name].method !== 'GET'));
    for (const c of ordered) {
      for (const user of USERS) {
        if (!allowed(CALL_ACCESS[c.name], user)) continue;
        const reach = reachFor(c.spec, user);
        const kind = kindOf(c.spec);
        const found: [string, number | string][] = [];
        if (reach === 'own' || reach === 'ownOrDemo') found.push(['own', objectOf(user, kind, c.name)!]);
        if (reach === 'ownOrDemo') found.push(['demo', shared.demoRun]);
        if (reach === 'shared' || reach === 'shown') found.push(['shared', sharedOf(kind, c.name, c.field)]);
        // the super user and the unilateral manager have the hidden strategies too
        if (reach === 'shared' && kind === 'unilateralStrategy') found.push(['hidden', shared.hidden]);
        const missing = await ask(c, missingOf(c), user);
        for (const [what, id] of found) {
          const reply = await ask(c, id, user);
          if (JSON.stringify(reply) === JSON.stringify(missing))
            missed.push(`${key(c)} as ${user}: the ${what} ${kind} ${id} is answered as a missing id: ${shown(reply)}`);
        }
      }
    }
    expect(missed).toEqual([]);
  });
});
