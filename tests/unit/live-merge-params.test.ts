import { mergeMarketParams, mergeStatisticsParams, unionIds } from '../../src/live/feeds';
import type { StatisticsFeedMessage, TaskFeedMessage } from '#contract/types/feeds';
import { lastSocket, sentData, sockets, TOKEN, useLiveHarness } from './live-harness';

const live = useLiveHarness();

const taskReply = (...ids: number[]) => JSON.stringify({ code: 200, data: ids.map((id) => ({ id, status: 2 })) });

describe('mergeParams', () => {
  it('task and asset ids: the sorted union', () => {
    expect(unionIds([[3, 1], [2, 3], undefined])).toEqual([1, 2, 3]);
    expect(unionIds([])).toEqual([]);
  });

  it('market tables: the union; a subscriber without tables wants them all', () => {
    expect(
      mergeMarketParams([
        [[1, 2, 1, 5]],
        [
          [1, 2, 1, 5],
          [2, 1, 1, 4],
        ],
      ]),
    ).toEqual([
      [1, 2, 1, 5],
      [2, 1, 1, 4],
    ]);
    expect(mergeMarketParams([[[1, 2, 1, 5]], undefined])).toBeUndefined();
  });

  it('statistics: the union of [currency, minutes] pairs and the largest order count', () => {
    expect(
      mergeStatisticsParams([
        { currencies: ['btc', 'eth'], minutes: 60 },
        { currencies: ['btc'], minutes: 2880, number: 30 },
        { currencies: ['eth'], minutes: 60 },
      ]),
    ).toEqual({
      pairs: [
        ['btc', 60],
        ['eth', 60],
        ['btc', 2880],
      ],
      number: 30,
    });
    expect(mergeStatisticsParams([undefined])).toBeUndefined();
  });
});

describe('two subscribers with different ids share one socket', () => {
  it('subscribes the socket to the union and gives each subscriber its own part', () => {
    const manager = live.manager();
    const list: TaskFeedMessage[] = [];
    const detail: TaskFeedMessage[] = [];
    manager.subscribe('task', [1, 2], (message) => list.push(message));
    manager.subscribe('task', [2, 3], (message) => detail.push(message));
    expect(sockets()).toHaveLength(1);
    lastSocket().open();
    expect(JSON.parse(lastSocket().sent[0])).toEqual({ token: TOKEN, data: [1, 2, 3] });

    lastSocket().receive(taskReply(1, 2, 3));
    lastSocket().receive(taskReply(1));
    live.frames().run();
    expect(list.map((m) => m.data.map((t) => t.id))).toEqual([[1, 2], [1]]);
    expect(detail.map((m) => m.data.map((t) => t.id))).toEqual([[2, 3]]);
  });

  it('narrows the subscription when one subscriber leaves, and the heartbeat carries the narrowed one', () => {
    const manager = live.manager();
    const leave = manager.subscribe('task', [1, 2], () => {});
    manager.subscribe('task', [2, 3], () => {});
    lastSocket().open();
    leave();
    expect(sentData()).toEqual([
      [1, 2, 3],
      [2, 3],
    ]);
    vi.advanceTimersByTime(3000);
    expect(sentData()).toEqual([
      [1, 2, 3],
      [2, 3],
      [2, 3],
    ]);
    expect(manager.subscription('task')).toEqual([2, 3]);
  });

  it('widens it when one subscriber updates its ids, without a new socket', () => {
    const manager = live.manager();
    const first = manager.subscribe('asset', [1], () => {});
    manager.subscribe('asset', [2], () => {});
    lastSocket().open();
    first.update([1, 5]);
    first.update([5, 1]); // same content, in another order: still a change of this subscriber's list
    expect(sockets()).toHaveLength(1);
    expect(sentData()).toEqual([
      [1, 2],
      [1, 2, 5],
    ]);
  });

  it('gives each asset subscriber only the messages of its API ids', () => {
    const manager = live.manager();
    const one: number[] = [];
    const all: number[] = [];
    manager.subscribe('asset', [1], (message) => one.push(message.data.apiId));
    manager.subscribe('asset', undefined, (message) => all.push(message.data.apiId));
    lastSocket().open();
    for (const apiId of [1, 2]) {
      lastSocket().receive(JSON.stringify({ code: 200, data: { apiId, asset_info: { statistics: {}, list: [] } } }));
    }
    live.frames().run();
    expect(one).toEqual([1]);
    expect(all).toEqual([1, 2]);
  });

  it('gives each statistics subscriber its currencies, its period and its number of orders', () => {
    const manager = live.manager();
    const hour: StatisticsFeedMessage[] = [];
    manager.subscribe('statistics', { currencies: ['btc'], minutes: 60, number: 1 }, (message) => hour.push(message));
    manager.subscribe('statistics', { currencies: ['btc', 'eth'], minutes: 2880 }, () => {});
    lastSocket().open();
    expect(JSON.parse(lastSocket().sent[0])).toEqual({
      currencys: [
        ['btc', 60],
        ['btc', 2880],
        ['eth', 2880],
      ],
      number: 18,
    });
    const group = (currency: string, minutes: number) => ({
      currency,
      minutes,
      pool: 1,
      pool_accounted: 1,
      more: 1,
      empty: 1,
      fu_more: 1,
      fu_empty: 1,
      ss_buy: 1,
      ss_sell: 1,
    });
    lastSocket().receive(
      JSON.stringify({
        code: 200,
        data: {
          automatic: [group('btc', 60), group('btc', 2880), group('eth', 2880)],
          manual: [group('eth', 2880)],
          order: [{ order_id: 'a' }, { order_id: 'b' }],
        },
      }),
    );
    live.frames().run();
    expect(hour).toEqual([{ data: { automatic: [group('btc', 60)], manual: [], order: [{ order_id: 'a' }] } }]);
  });

  it('does not call a subscriber whose part of a message is empty', () => {
    const manager = live.manager();
    const listener = vi.fn();
    manager.subscribe('task', [9], listener);
    manager.subscribe('task', [1], () => {});
    lastSocket().open();
    lastSocket().receive(taskReply(1));
    live.frames().run();
    expect(listener).not.toHaveBeenCalled();
  });
});
