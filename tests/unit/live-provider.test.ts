import type { LiveEvent } from '@refinedev/core';
import { setRuntimeConfig } from '../../src/api/config';
import { FeedManager } from '../../src/live/manager';
import { createLiveProvider, FEED_EVENT_TYPE, type FeedSubscriptionHandle } from '../../src/providers/live';
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
  manager = new FeedManager({
    random: () => 0.5,
    requestFrame: (callback) => {
      callback();
      return () => {};
    },
  });
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
    expect(last().url).toBe('ws://feeds.test/ts/req?lang=zh-CN');

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
    last().receive('{"data":[{"id":1,"status":2}]}');
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
    expect(last().closeCalls).toBe(0);
  });

  it('ignores channels that are not feeds and event types a feed never emits', () => {
    const provider = createLiveProvider(manager);
    const resourceHandle = provider.subscribe({ channel: 'resources/tasks', types: ['*'], params: { subscriptionType: 'useList' }, callback: () => {} });
    const deletedHandle = provider.subscribe({ channel: 'market', types: ['deleted'], callback: () => {} });
    expect(FakeSocket.instances).toHaveLength(0);
    expect(() => provider.unsubscribe(resourceHandle)).not.toThrow();
    expect(() => provider.unsubscribe(deletedHandle)).not.toThrow();
    expect(() => provider.unsubscribe(undefined)).not.toThrow();
  });

  it('a resource channel with feed: true joins the resource feed with its ids and gets records', () => {
    const provider = createLiveProvider(manager);
    const events: LiveEvent[] = [];
    provider.subscribe({ channel: 'resources/tasks', types: ['*'], params: { feed: true, feedParams: [7] }, callback: (e) => events.push(e) });
    expect(last().url).toBe('ws://feeds.test/ts/websocket?lang=zh-CN');
    last().open();
    expect(JSON.parse(last().sent[0])).toEqual({ token: 'tok', data: [7] });
    last().receive(
      JSON.stringify({
        code: 200,
        data: [
          { id: 7, status: 3, position: { f: [] } },
          { id: 8, status: 2 },
        ],
      }),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      channel: 'resources/tasks',
      type: 'updated',
      payload: { ids: [7], records: [{ id: 7, patch: { status: 3, position: { f: [] } } }] },
    });
  });

  it('the handle updates the feed params without reopening the socket', () => {
    const provider = createLiveProvider(manager);
    const handle = provider.subscribe({
      channel: 'resources/assets',
      types: ['*'],
      params: { feed: true, feedParams: [1] },
      callback: () => {},
    }) as FeedSubscriptionHandle;
    last().open();
    handle.update([1, 4]);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(last().sent.map((text) => JSON.parse(text).data)).toEqual([[1], [1, 4]]);
  });

  it('publish reaches every subscriber of the channel that wants the type; feed events stay with their subscriber', () => {
    const provider = createLiveProvider(manager);
    const refineList = vi.fn();
    const bridge = vi.fn();
    const deletedOnly = vi.fn();
    provider.subscribe({ channel: 'resources/tasks', types: ['*'], params: { subscriptionType: 'useList' }, callback: refineList });
    provider.subscribe({ channel: 'resources/tasks', types: ['updated'], params: { feed: true, feedParams: [1] }, callback: bridge });
    provider.subscribe({ channel: 'resources/tasks', types: ['deleted'], callback: deletedOnly });
    last().open();
    last().receive(JSON.stringify({ data: [{ id: 1, status: 2 }] }));
    expect(bridge).toHaveBeenCalledTimes(1);
    expect(refineList).not.toHaveBeenCalled();

    const event: LiveEvent = { channel: 'resources/tasks', type: 'updated', payload: { ids: [1] }, date: new Date('2026-11-02T01:00:00Z') };
    provider.publish?.(event);
    expect(refineList).toHaveBeenCalledWith(event);
    expect(bridge).toHaveBeenCalledWith(event);
    expect(deletedOnly).not.toHaveBeenCalled();
    provider.publish?.({ channel: 'resources/apis', type: 'updated', payload: {}, date: new Date('2026-11-02T01:00:00Z') });
    expect(refineList).toHaveBeenCalledTimes(1);
  });
});
