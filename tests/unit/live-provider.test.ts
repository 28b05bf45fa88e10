import type { LiveEvent } from '@refinedev/core';
import { setRuntimeConfig } from '../../src/api/config';
import { FeedManager } from '../../src/live/manager';
import { createLiveProvider, FEED_EVENT_TYPE } from '../../src/providers/live';
import { clearSession, saveSession } from '../../src/providers/session';
import { FakeSocket } from './fake-socket';


const last = () => FakeSocket.instances[FakeSocket.instances.length - 1];

let manager: FeedManager;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  setRuntimeConfig({ websocket: 'ws://feeds.test' });
  saveSession({ token: 'tok', userName: 'alice', level: 1, isSuper: false, kind: 'normal' });
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  manager = new FeedManager({ random: () => 0.5 });
});

afterEach(() => {
  manager.closeAll();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
  setRuntimeConfig({});
});

describe('live provider', () => {
  it('subscribes to the feed named by the channel and turns each message into a LiveEvent', () => {
    const provider = createLiveProvider(manager);
    const events: LiveEvent[] = [];
    provider.subscribe({ channel: 'demand', types: ['*'], callback: (event) => events.push(event) });
    expect(FakeSocket.instances).toHaveLength(1);
    expect(last().url).toBe('ws://feeds.test/ts/req');

    vi.setSystemTime(new Date('2026-03-04T05:06:07Z'));
    last().open();
    last().receive('ok');
    last().receive('[{"currency":"eth"}]');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ channel: 'demand', type: FEED_EVENT_TYPE, payload: { data: [{ currency: 'eth' }] } });
    expect(events[0].date.toISOString()).toBe('2026-03-04T05:06:07.000Z');
  });

  it('sends params.feedParams as the subscription payload', () => {
    const provider = createLiveProvider(manager);
    provider.subscribe({
      channel: 'statistics',
      types: ['*'],
      params: { feedParams: { currencies: ['btc'], minutes: 60 } },
      callback: () => {},
    });
    last().open();
    expect(JSON.parse(last().sent[0])).toEqual({ currencys: [['btc', 60]], number: 18 });
  });

  it('unsubscribe(handle) releases the feed: "0" sent for demand, socket closed, no timer left', () => {
    const provider = createLiveProvider(manager);
    const callback = vi.fn();
    const handle = provider.subscribe({ channel: 'demand', types: ['*'], callback });
    const socket = last();
    socket.open();
    provider.unsubscribe(handle);
    expect(socket.sent).toEqual(['1', '0']);
    expect(socket.closeCalls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    socket.receive('{"late":true}');
    expect(callback).not.toHaveBeenCalled();
  });

  it('shares the feed socket between two Refine subscriptions', () => {
    const provider = createLiveProvider(manager);
    const a = vi.fn();
    const b = vi.fn();
    const handleA = provider.subscribe({ channel: 'task', types: ['*'], callback: a });
    provider.subscribe({ channel: 'task', types: ['updated'], callback: b });
    expect(FakeSocket.instances).toHaveLength(1);
    last().open();
    provider.unsubscribe(handleA);
    last().receive('{"status":2}');
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
    expect(last().closeCalls).toBe(0);
  });

  it('ignores channels that are not feeds and event types a feed never emits', () => {
    const provider = createLiveProvider(manager);
    const resourceHandle = provider.subscribe({ channel: 'resources/tasks', types: ['*'], callback: () => {} });
    const deletedHandle = provider.subscribe({ channel: 'market', types: ['deleted'], callback: () => {} });
    expect(FakeSocket.instances).toHaveLength(0);
    expect(() => provider.unsubscribe(resourceHandle)).not.toThrow();
    expect(() => provider.unsubscribe(deletedHandle)).not.toThrow();
    expect(() => provider.unsubscribe(undefined)).not.toThrow();
  });
});
