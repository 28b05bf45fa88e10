// @vitest-environment node
/**
 * The task page at 10,000 tasks (issues 34, 35): /task/list filters and counts on the server, every page is
 * reachable, and the task socket sends what changed of what is subscribed.
 */
import { describe, expect, it } from 'vitest';
import { feeds } from '#contract/feeds';
import { CURRENCIES } from '#contract/rules/codes';
import { CONTRACT_PAIRS, contractPairOf } from '#contract/rules/task-filters';
import { addTask } from './engine-tasks';
import { openFeed, signedInServer } from './helpers';

const s = signedInServer();

// the trader's tasks, written in one statement: task i's currency, legs, strategy and status follow from i
const SEEDED = 10_200;
const LEGS = [
  [1, 9],
  [4, 1],
  [2, 3],
  [7, 9],
  [6, 8],
  [5, 2],
  [1, 5],
  [3, 4],
  [8, 5],
  [4, 5],
  [10, 4],
  [1, 11],
] as const;
const seeded = Array.from({ length: SEEDED }, (_, n) => {
  const i = n + 1;
  const [a, b] = LEGS[i % LEGS.length]!;
  return {
    id: 0,
    currency: CURRENCIES[i % CURRENCIES.length]!,
    pair: contractPairOf({ a_transaction_type: a, b_transaction_type: b }),
    strategy: i % 4 === 0 ? 'arbitrage 1 basic' : 'arbitrage 2',
    status: i % 5 === 0 ? 2 : i % 7 === 0 ? 3 : 4,
  };
});
type Seeded = (typeof seeded)[number];
const countOf = (tasks: readonly Seeded[]) => ({ total: tasks.length, running: tasks.filter((task) => task.status === 2).length });

async function seedTraderTasks() {
  const { db } = s.t.server.context;
  const trader = await db.get<{ id: number }>("SELECT id FROM users WHERE username = 'trader'");
  const first = await db.run(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO task_tasks (user_id, strategy_id, strategy_name, name, status, params, engine, created_at)
     SELECT ?, 1, CASE WHEN i % 4 = 0 THEN 'arbitrage 1 basic' ELSE 'arbitrage 2' END, 'seed ' || i,
       CASE WHEN i % 5 = 0 THEN 2 WHEN i % 7 = 0 THEN 3 ELSE 4 END,
       json_object('currency_type', json_extract(?, '$[' || (i % ${CURRENCIES.length}) || ']'), 'a_bourse', 1, 'b_bourse', 2,
         'a_transaction_type', json_extract(?, '$[' || (i % ${LEGS.length}) || '][0]'), 'b_transaction_type', json_extract(?, '$[' || (i % ${LEGS.length}) || '][1]')),
       '{}', 0
     FROM n`,
    [SEEDED, trader!.id, JSON.stringify(CURRENCIES), JSON.stringify(LEGS), JSON.stringify(LEGS)],
  );
  const firstId = first.lastId - SEEDED + 1;
  seeded.forEach((task, n) => {
    task.id = firstId + n;
  });
}

type ListReply = {
  list: { id: number; params: { currency_type: string } }[];
  total: number;
  running: number;
  counter: { running: number; total: number };
  ids?: number[];
};
const list = async (payload: Record<string, unknown>): Promise<ListReply> => {
  const reply = await s.t.call('taskList', { pagesize: 10, page: 1, ...payload }, { token: s.trader });
  expect(reply.code, reply.info).toBe(200);
  return reply.data as ListReply;
};

describe('the task list at 10,000 tasks', () => {
  it("counts every task and each filter's tasks exactly, and reaches pages past the first 1,000", async () => {
    await seedTraderTasks();
    const all = countOf(seeded);
    const none = await list({});
    expect(none).toMatchObject({ total: all.total, running: all.running, counter: all });

    for (const currency of CURRENCIES) {
      const reply = await list({ currency_type: currency.toUpperCase() });
      expect({ currency, total: reply.total, running: reply.running }).toEqual({ currency, ...countOf(seeded.filter((task) => task.currency === currency)) });
      // the counter is the user's every task, whatever the filters
      expect(reply.counter).toEqual(all);
      expect(reply.list.every((task) => task.params.currency_type === currency)).toBe(true);
    }
    for (const pair of CONTRACT_PAIRS) {
      const reply = await list({ pair });
      expect({ pair, total: reply.total, running: reply.running }).toEqual({ pair, ...countOf(seeded.filter((task) => task.pair === pair)) });
    }
    for (const strategy of ['arbitrage 2', 'arbitrage 1 basic', 'none such']) {
      const reply = await list({ strategy_name: strategy });
      expect({ strategy, total: reply.total }).toEqual({ strategy, total: countOf(seeded.filter((task) => task.strategy === strategy)).total });
    }
    const running = await list({ status: 2 });
    expect(running.total).toBe(all.running);
    const combined = seeded.filter((task) => task.strategy === 'arbitrage 2' && task.currency === 'eth' && task.pair === 'SS/CQ');
    expect(await list({ strategy_name: 'arbitrage 2', currency_type: 'eth', pair: 'SS/CQ' })).toMatchObject(countOf(combined));

    // newest first: page 80 of 100 is the tasks 7,900–7,999 from the newest; a filtered page past its first 1,000 too
    const newestFirst = [...seeded].reverse();
    expect((await list({ pagesize: 100, page: 80 })).list.map((task) => task.id)).toEqual(newestFirst.slice(7900, 8000).map((task) => task.id));
    const arbitrage2 = newestFirst.filter((task) => task.strategy === 'arbitrage 2');
    expect((await list({ strategy_name: 'arbitrage 2', pagesize: 100, page: 12 })).list.map((task) => task.id)).toEqual(
      arbitrage2.slice(1100, 1200).map((task) => task.id),
    );

    // select all: the filtered tasks' ids, at most 1,000 (the total says there are more)
    expect((await list({ pair: 'CW/CS', currency_type: 'btc', select_all: 1 })).ids).toEqual(
      newestFirst.filter((task) => task.pair === 'CW/CS' && task.currency === 'btc').map((task) => task.id),
    );
    expect((await list({ strategy_name: 'arbitrage 2', select_all: 1 })).ids).toEqual(arbitrage2.slice(0, 1000).map((task) => task.id));

    expect(await s.t.call('taskList', { pagesize: 10, page: 1, pair: 'SS/XX' }, { token: s.trader })).toMatchObject({ code: 400 });
  });
});

describe('the task socket', () => {
  it('sends a subscribed task again only when its figures changed, with the counter of every task each time', async () => {
    const ids = [await addTask(s.t, s.admin, 'a'), await addTask(s.t, s.admin, 'b'), await addTask(s.t, s.admin, 'c')];
    const session = await openFeed(s.t.url, feeds.task.path, {}, s.admin);
    const subscribe = async (subscription: number[]) => {
      session.socket.send(JSON.stringify({ token: s.admin, data: subscription }));
      return JSON.parse(await session.next()) as { data: { id: number; changeable: boolean }[]; counter: unknown };
    };
    const first = await subscribe(ids);
    expect(first.data.map((task) => task.id).sort()).toEqual([...ids].sort());
    // admin's own tasks (the trader's 10,000 are not counted)
    expect(first.counter).toEqual({ running: 0, total: 3 });

    // a start asked for: that task is no longer changeable, the others are as they were
    expect((await s.t.call('taskStatusUpdate', { taskId: ids[1], settingStatus: 2 }, { token: s.admin })).code).toBe(200);
    const second = await subscribe(ids);
    expect(second.data).toEqual([expect.objectContaining({ id: ids[1], changeable: false })]);
    expect(second.counter).toEqual({ running: 0, total: 3 });

    // nothing changed: nothing sent; the ids left out are forgotten, and sent in full when subscribed again
    expect((await subscribe([ids[0]!])).data).toEqual([]);
    expect((await subscribe(ids)).data.map((task) => task.id).sort()).toEqual([ids[1], ids[2]].sort());
    session.socket.close();
    await session.closed;
  });
});
