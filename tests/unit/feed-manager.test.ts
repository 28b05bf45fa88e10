import { setRuntimeConfig } from '../../src/api/config';
import type { FeedName } from '#contract/feeds';
import { feedDefinitions } from '../../src/live/feeds';
import { FeedManager, UNREADABLE, type FeedState } from '../../src/live/manager';
import { clearSession, getToken, onSessionInvalid, saveSession } from '../../src/providers/session';
import { FakeSocket } from './fake-socket';

const TOKEN = 'secret-token-42';

const sockets = () => FakeSocket.instances;
const last = () => FakeSocket.instances[FakeSocket.instances.length - 1];
/** Delivers at once instead of at the next animation frame (tests/unit/live-batching.test.ts covers frames). */
const now = (callback: () => void) => {
  callback();
  return () => {};
};
const newManager = () => new FeedManager({ random: () => 0.5, requestFrame: now });
const ASSET_REPLY = { code: 200, data: { apiId: 1, asset_info: { statistics: { total_equity: 5 }, list: [] }, ledger: [], borrow: [] } };
const TABLE_A = [1, 2, 1, 5] as const;
const TABLE_B = [1, 2, 2, 5] as const;
const TABLE_C = [2, 1, 1, 4] as const;

let logs: unknown[][];

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  setRuntimeConfig({ websocket: 'ws://feeds.test' });
  saveSession({ token: TOKEN, userName: 'alice', level: 1, isSuper: false, kind: 'normal' });
  logs = [];
  const record = (...args: unknown[]) => {
    logs.push(args);
  };
  vi.spyOn(console, 'info').mockImplementation(record);
  vi.spyOn(console, 'warn').mockImplementation(record);
  vi.spyOn(console, 'error').mockImplementation(record);
  vi.spyOn(console, 'log').mockImplementation(record);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
  setRuntimeConfig({});
});

describe('feed manager: sockets and URLs', () => {
  it('opens one socket per feed, shared by every subscriber, and gives JSON to all listeners', () => {
    const manager = newManager();
    const first = vi.fn();
    const second = vi.fn();
    manager.subscribe('asset', [1, 2], first);
    manager.subscribe('asset', undefined, second);
    expect(sockets()).toHaveLength(1);

    last().open();
    last().receive(JSON.stringify(ASSET_REPLY));
    const { code: _code, ...parsed } = ASSET_REPLY;
    expect(first).toHaveBeenCalledWith(parsed);
    expect(second).toHaveBeenCalledWith(parsed);
  });

  it('sends the token in the handshake (subprotocols bearer and the token) of every feed, never in its URL; the URL names the console’s language', () => {
    const manager = newManager();
    const urls: Record<string, string> = {};
    (['market', 'asset', 'task', 'statistics', 'demand', 'unilateral', 'alert'] as FeedName[]).forEach((name) => {
      manager.subscribe(name, undefined, () => {});
      urls[name] = last().url;
      expect(last().protocols, name).toEqual(['bearer', TOKEN]);
    });
    expect(urls).toEqual({
      market: 'ws://feeds.test/get2?lang=zh-CN',
      asset: 'ws://feeds.test/asset/get?lang=zh-CN',
      task: 'ws://feeds.test/ts/websocket?lang=zh-CN',
      statistics: 'ws://feeds.test/web/get/order/total?lang=zh-CN',
      demand: 'ws://feeds.test/ts/req?lang=zh-CN',
      unilateral: 'ws://feeds.test/web/all/data?lang=zh-CN',
      alert: 'ws://feeds.test/alert/ws?lang=zh-CN',
    });
  });

  it('derives the socket URL from the service base when no websocket base is configured', () => {
    setRuntimeConfig({ services: { main: 'https://main.test', task: 'http://task.test:9000/', order: '', change: '' } });
    const manager = newManager();
    manager.subscribe('task', undefined, () => {});
    expect(last().url).toBe('ws://task.test:9000/ts/websocket?lang=zh-CN');
    manager.subscribe('market', undefined, () => {});
    expect(last().url).toBe('wss://main.test/get2?lang=zh-CN');
  });

  it('reconnectAll moves every open feed to the session token of now: old sockets closed, one new socket each', () => {
    const manager = newManager();
    manager.subscribe('market', undefined, () => {});
    manager.subscribe('task', undefined, () => {});
    sockets().forEach((socket) => {
      socket.open();
    });
    const before = [...sockets()];
    saveSession({ token: 'fresh-token', userName: 'alice', level: 1, isSuper: false, kind: 'normal' });
    manager.reconnectAll();
    expect(before.map((socket) => socket.closeCalls)).toEqual([1, 1]);
    const fresh = sockets().slice(before.length);
    expect(fresh.map((socket) => socket.url)).toEqual(['ws://feeds.test/get2?lang=zh-CN', 'ws://feeds.test/ts/websocket?lang=zh-CN']);
    expect(fresh.map((socket) => socket.protocols)).toEqual([
      ['bearer', 'fresh-token'],
      ['bearer', 'fresh-token'],
    ]);
    fresh.forEach((socket) => {
      socket.open();
    });
    expect(fresh[1]!.sent[0]).toContain('fresh-token');
    // the old sockets closing later does not open more
    before.forEach((socket) => {
      socket.drop();
    });
    vi.advanceTimersByTime(60_000);
    expect(sockets()).toHaveLength(4);
    expect(manager.status('market').state).toBe('live');
  });

  it('marks the feed unsupported and logs it when the browser has no WebSocket', () => {
    vi.stubGlobal('WebSocket', undefined);
    const manager = newManager();
    manager.subscribe('market', undefined, () => {});
    expect(manager.status('market').state).toBe('unsupported');
    expect(logs.flat().join(' ')).toContain('浏览器不支持');
  });
});

describe('feed manager: subscription payloads and heartbeats', () => {
  it('sends {token, data: params} on open and resends it every 3000 ms for the asset feed', () => {
    const manager = newManager();
    manager.subscribe('asset', [7, 8], () => {});
    expect(last().sent).toEqual([]);
    last().open();
    const payload = JSON.stringify({ token: TOKEN, data: [7, 8] });
    expect(last().sent).toEqual([payload]);
    vi.advanceTimersByTime(2999);
    expect(last().sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(last().sent).toEqual([payload, payload]);
    vi.advanceTimersByTime(3000);
    expect(last().sent).toHaveLength(3);
  });

  it('beats every 3000 ms for the task feed', () => {
    const manager = newManager();
    manager.subscribe('task', [11, 12], () => {});
    last().open();
    vi.advanceTimersByTime(2999);
    expect(last().sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(last().sent).toHaveLength(2);
    expect(JSON.parse(last().sent[1])).toEqual({ token: TOKEN, data: [11, 12] });
  });

  it('sends "1" on open and every 1300 ms for the demand feed', () => {
    const manager = newManager();
    manager.subscribe('demand', undefined, () => {});
    last().open();
    expect(last().sent).toEqual(['1']);
    vi.advanceTimersByTime(1299);
    expect(last().sent).toEqual(['1']);
    vi.advanceTimersByTime(1);
    expect(last().sent).toEqual(['1', '1']);
    vi.advanceTimersByTime(1300 * 3);
    expect(last().sent).toHaveLength(5);
  });

  it('sends {currencys: [[currency, minutes]...], number: 18} every 2000 ms for the statistics feed', () => {
    const manager = newManager();
    manager.subscribe('statistics', { currencies: ['btc', 'eth'], minutes: 2880 }, () => {});
    last().open();
    const expected = {
      currencys: [
        ['btc', 2880],
        ['eth', 2880],
      ],
      number: 18,
    };
    expect(JSON.parse(last().sent[0])).toEqual(expected);
    vi.advanceTimersByTime(1999);
    expect(last().sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(last().sent).toHaveLength(2);
    expect(JSON.parse(last().sent[1])).toEqual(expected);
  });

  it('sends the market subscription once on open, with no heartbeat', () => {
    const manager = newManager();
    manager.subscribe('market', [TABLE_A], () => {});
    last().open();
    vi.advanceTimersByTime(60_000);
    expect(last().sent).toEqual([JSON.stringify({ token: TOKEN, data: [TABLE_A] })]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('pushes a changed subscription at once, by update() or by a new subscribe, and not when the content is the same', () => {
    const manager = newManager();
    const first = manager.subscribe('market', [TABLE_A], () => {});
    last().open();
    first.update([[...TABLE_A]]);
    expect(last().sent).toHaveLength(1);

    first.update([TABLE_A, TABLE_B]);
    expect(last().sent).toHaveLength(2);
    expect(JSON.parse(last().sent[1])).toEqual({ token: TOKEN, data: [TABLE_A, TABLE_B] });

    manager.subscribe('market', [TABLE_C], () => {});
    expect(sockets()).toHaveLength(1);
    expect(JSON.parse(last().sent[2])).toEqual({ token: TOKEN, data: [TABLE_A, TABLE_B, TABLE_C] });

    manager.subscribe('market', [TABLE_B], () => {});
    expect(last().sent).toHaveLength(3);
  });

  it('beats with the latest params after an update', () => {
    const manager = newManager();
    const subscription = manager.subscribe('asset', [1], () => {});
    last().open();
    subscription.update([1, 2]);
    vi.advanceTimersByTime(3000);
    expect(last().sent.map((text) => JSON.parse(text).data)).toEqual([[1], [1, 2], [1, 2]]);
  });

  it('sends params given before the socket opened once it opens', () => {
    const manager = newManager();
    const subscription = manager.subscribe('asset', [1], () => {});
    subscription.update([5]);
    expect(last().sent).toEqual([]);
    last().open();
    expect(last().sent.map((text) => JSON.parse(text).data)).toEqual([[5]]);
  });
});

describe('feed manager: replies', () => {
  it("drops 'ok' and delivers the JSON demand table", () => {
    const manager = newManager();
    const listener = vi.fn();
    manager.subscribe('demand', undefined, listener);
    last().open();
    last().receive('ok');
    expect(listener).not.toHaveBeenCalled();
    expect(manager.status('demand').lastMessageAt).toBeNull();

    vi.setSystemTime(new Date('2026-01-02T03:04:05Z'));
    last().receive('[{"currency":"btc","demand":3}]');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith([{ currency: 'btc', demand: 3 }]);
    expect(manager.status('demand').lastMessageAt).toBe(Date.parse('2026-01-02T03:04:05Z'));
  });

  it("drops 'ok' silently, as an ignored reply rather than an unreadable one", () => {
    const manager = newManager();
    manager.subscribe('task', [1], () => {});
    last().open();
    last().receive('ok');
    expect(logs.flat().join(' ')).not.toContain('unreadable');
    last().receive('not json');
    expect(logs.flat().join(' ')).toContain('unreadable');
  });

  it("drops every reply listed in the feed's ignore list, even one that parses as JSON", () => {
    const manager = new FeedManager({
      random: () => 0.5,
      requestFrame: now,
      feeds: { ...feedDefinitions, demand: { ...feedDefinitions.demand, ignore: ['ok', '[]'] } },
    });
    const listener = vi.fn();
    manager.subscribe('demand', undefined, listener);
    last().open();
    last().receive('[]');
    expect(listener).not.toHaveBeenCalled();
    last().receive('[ ]');
    expect(listener).toHaveBeenCalledWith([]);
  });

  it('drops a reply that is not JSON without calling listeners or logging it, and says it in the status until a good one', () => {
    const manager = newManager();
    const listener = vi.fn();
    manager.subscribe('task', [1], listener);
    last().open();
    last().receive('{"broken": tok');
    expect(listener).not.toHaveBeenCalled();
    expect(logs.flat().join(' ')).not.toContain('broken');
    expect(manager.status('task').error).toBe(UNREADABLE);
    last().receive('{"data":[{"id":1,"status":2}]}');
    expect(manager.status('task').error).toBeNull();
  });

  it('keeps delivering to the other listeners when one throws', () => {
    const manager = newManager();
    const good = vi.fn();
    manager.subscribe('task', [1], () => {
      throw new Error('boom');
    });
    manager.subscribe('task', undefined, good);
    last().open();
    last().receive('{"data":[{"id":1,"status":2}]}');
    expect(good).toHaveBeenCalledWith({ data: [{ id: 1, status: 2 }] });
  });

  it('treats a code 3 reply as session invalid: clears the session, tells the session listeners, stops the feed', () => {
    const manager = newManager();
    const sessionListener = vi.fn();
    const stopListening = onSessionInvalid(sessionListener);
    const listener = vi.fn();
    manager.subscribe('asset', [1], listener);
    const socket = last();
    socket.open();
    socket.receive(JSON.stringify({ code: 3, info: 'token expired' }));

    expect(sessionListener).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeUndefined();
    expect(listener).not.toHaveBeenCalled();
    expect(socket.closeCalls).toBe(1);
    expect(manager.status('asset').state).toBe('offline');
    vi.advanceTimersByTime(120_000);
    expect(sockets()).toHaveLength(1);
    expect(socket.sent).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    stopListening();
  });
});

describe('feed manager: closing', () => {
  it('keeps the socket while one subscriber remains', () => {
    const manager = newManager();
    const off = manager.subscribe('demand', undefined, () => {});
    manager.subscribe('demand', undefined, () => {});
    last().open();
    off();
    expect(last().closeCalls).toBe(0);
    expect(last().sent).not.toContain('0');
    vi.advanceTimersByTime(1300);
    expect(last().sent).toEqual(['1', '1']);
  });

  it('on the last unsubscribe sends "0" for demand, closes the socket and leaves no timer', () => {
    const manager = newManager();
    const offA = manager.subscribe('demand', undefined, () => {});
    const offB = manager.subscribe('demand', undefined, () => {});
    const socket = last();
    socket.open();
    vi.advanceTimersByTime(1300);
    expect(vi.getTimerCount()).toBe(1);
    offA();
    offB();
    expect(socket.sent).toEqual(['1', '1', '0']);
    expect(socket.closeCalls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(socket.sent).toEqual(['1', '1', '0']);
    expect(manager.status('demand').state).toBe('idle');
    offB();
    expect(socket.closeCalls).toBe(1);
  });

  it('sends no close message for feeds that declare none', () => {
    const manager = newManager();
    const off = manager.subscribe('asset', [1], () => {});
    last().open();
    off();
    expect(last().sent).toHaveLength(1);
    expect(last().closeCalls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('closes a socket that is still connecting on the last unsubscribe', () => {
    const manager = newManager();
    const off = manager.subscribe('demand', undefined, () => {});
    off();
    expect(last().closeCalls).toBe(1);
    expect(last().sent).toEqual([]);
  });

  it('closes a failed socket and stops its heartbeat', () => {
    const manager = newManager();
    manager.subscribe('asset', [1], () => {});
    const socket = last();
    socket.open();
    socket.fail();
    expect(socket.closeCalls).toBe(1);
    vi.advanceTimersByTime(999);
    expect(socket.sent).toHaveLength(1);
  });
});

describe('feed manager: reconnecting', () => {
  it('reconnects after a drop with growing delays and resends the subscription', () => {
    const manager = newManager();
    manager.subscribe('asset', [3], () => {});
    last().open();
    last().drop();
    expect(manager.status('asset').state).toBe('reconnecting');

    vi.advanceTimersByTime(999);
    expect(sockets()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(2);

    last().drop(); // fails before opening
    vi.advanceTimersByTime(1999);
    expect(sockets()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(3);

    last().drop(); // then every 2.5 s, however long the server stays away
    vi.advanceTimersByTime(2499);
    expect(sockets()).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(sockets()).toHaveLength(4);

    last().open();
    expect(last().url).toBe('ws://feeds.test/asset/get?lang=zh-CN');
    expect(last().sent).toEqual([JSON.stringify({ token: TOKEN, data: [3] })]);
    expect(manager.status('asset').state).toBe('live');
    vi.advanceTimersByTime(3000);
    expect(last().sent).toHaveLength(2);
  });

  it('starts the backoff again after a message arrives', () => {
    const manager = newManager();
    manager.subscribe('market', undefined, () => {});
    last().drop();
    vi.advanceTimersByTime(1000);
    last().drop();
    vi.advanceTimersByTime(2000);
    last().open();
    last().receive('{"data":[]}');
    last().drop();
    vi.advanceTimersByTime(1000);
    expect(sockets()).toHaveLength(4);
  });

  it('caps the delay at 2.5 s, so a try comes at least every 3 s, and applies ±20 % jitter', () => {
    const low = new FeedManager({ random: () => 0 });
    const high = new FeedManager({ random: () => 0.999999 });
    const mid = newManager();
    expect(mid.reconnectDelay(0)).toBe(1000);
    expect(mid.reconnectDelay(1)).toBe(2000);
    expect(mid.reconnectDelay(3)).toBe(2500);
    expect(mid.reconnectDelay(10)).toBe(2500);
    expect(low.reconnectDelay(0)).toBe(800);
    expect(low.reconnectDelay(20)).toBe(2000);
    expect(high.reconnectDelay(0)).toBe(1200);
    expect(high.reconnectDelay(20)).toBe(3000);
  });

  it('does not reconnect after the last unsubscribe', () => {
    const manager = newManager();
    const off = manager.subscribe('task', [1], () => {});
    const socket = last();
    socket.open();
    socket.drop();
    expect(vi.getTimerCount()).toBe(1);
    off();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(120_000);
    expect(sockets()).toHaveLength(1);
    expect(manager.status('task').state).toBe('idle');
  });

  it('reads offline after five failed reconnects and keeps retrying', () => {
    const manager = newManager();
    manager.subscribe('market', undefined, () => {});
    for (let i = 0; i < 4; i += 1) {
      last().drop();
      expect(manager.status('market').state).toBe('reconnecting');
      vi.advanceTimersByTime(30_000);
    }
    last().drop();
    expect(manager.status('market').state).toBe('offline');
    vi.advanceTimersByTime(30_000);
    expect(sockets()).toHaveLength(6);
    last().open();
    expect(manager.status('market').state).toBe('live');
  });
});

describe('feed manager: status', () => {
  it('reports every state transition to onStatus listeners', () => {
    const manager = newManager();
    const seen: Array<[FeedState, number | null]> = [];
    const stop = manager.onStatus('task', (status) => seen.push([status.state, status.lastMessageAt]));
    expect(manager.status('task')).toEqual({ state: 'idle', lastMessageAt: null, error: null });

    vi.setSystemTime(5000);
    const off = manager.subscribe('task', [1], () => {});
    last().open();
    last().receive('{"data":[{"id":1,"status":2}]}');
    last().drop();
    vi.advanceTimersByTime(1000);
    last().open();
    off();
    stop();
    manager.subscribe('task', [1], () => {});

    expect(seen).toEqual([
      ['connecting', null],
      ['live', null],
      ['live', 5000],
      ['reconnecting', 5000],
      ['live', 5000],
      ['idle', 5000],
    ]);
  });

  it('never logs the token or a payload', () => {
    const manager = newManager();
    const subscription = manager.subscribe('asset', [77], () => {});
    last().open();
    last().receive('{"secret":"apikey-marker-99"}');
    last().receive('{"data":{"apiId":"apikey-marker-98"}}');
    last().fail();
    vi.advanceTimersByTime(1000);
    last().open();
    subscription.update([88]);
    manager.closeAll();
    const text = JSON.stringify(logs);
    expect(logs.length).toBeGreaterThan(3);
    expect(text).toContain('[feed asset] open');
    expect(text).toContain('[feed asset] error');
    expect(text).toContain('[feed asset] closed');
    expect(text).toContain('[feed asset] malformed message dropped: data is not an object');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('marker');
  });
});
