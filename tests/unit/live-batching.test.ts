import type { TaskFeedMessage } from '#contract/types/feeds';
import { lastSocket, sentData, sockets, TOKEN, useLiveHarness } from './live-harness';

const live = useLiveHarness();

const taskReply = (id: number, status: number) => JSON.stringify({ code: 200, data: [{ id, status }] });

describe('feed manager: one delivery per animation frame', () => {
  it('delivers 50 messages of a frame together, in order, once the frame runs', () => {
    const manager = live.manager();
    const statuses = vi.fn();
    manager.onStatus('task', statuses);
    const seen: number[] = [];
    manager.subscribe('task', [1], (message: TaskFeedMessage) => seen.push(message.data[0].status!));
    lastSocket().open();
    statuses.mockClear();

    for (let i = 0; i < 50; i += 1) lastSocket().receive(taskReply(1, i));
    expect(seen).toEqual([]);
    expect(live.frames().pending).toBe(1);
    live.frames().run();
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i));
    // one status change per frame, not one per message
    expect(statuses).toHaveBeenCalledTimes(1);
    expect(manager.status('task').lastMessageAt).toBe(Date.now());
  });

  it('a malformed message sets the error and reaches no listener; the next good one clears it', () => {
    const manager = live.manager();
    const listener = vi.fn();
    manager.subscribe('task', [1], listener);
    lastSocket().open();
    lastSocket().receive('{"data":{"id":1}}');
    expect(manager.status('task')).toMatchObject({ state: 'live', error: 'data is not a list' });
    expect(live.frames().pending).toBe(0);
    lastSocket().receive(taskReply(1, 2));
    live.frames().run();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(manager.status('task').error).toBeNull();
  });
});

describe('feed manager: the last unsubscribe', () => {
  it('closes the socket and clears the heartbeat, the pending frame and the reconnect timer', () => {
    const manager = live.manager();
    const listener = vi.fn();
    const a = manager.subscribe('asset', [1], listener);
    const b = manager.subscribe('asset', [2], listener);
    const socket = lastSocket();
    socket.open();
    socket.receive(JSON.stringify({ data: { apiId: 1, asset_info: { statistics: {}, list: [] } } }));
    expect(vi.getTimerCount()).toBe(1);
    expect(live.frames().pending).toBe(1);
    a();
    expect(socket.closeCalls).toBe(0);
    b();
    expect(socket.closeCalls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(live.frames().pending).toBe(0);
    expect(listener).not.toHaveBeenCalled();
    expect(manager.active()).toEqual([]);

    const c = manager.subscribe('asset', [1], () => {});
    lastSocket().drop();
    expect(vi.getTimerCount()).toBe(1); // the reconnect
    c();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(sockets()).toHaveLength(2);
  });
});

describe('feed manager: reconnecting', () => {
  it('reconnects after a drop with backoff and resends the merged subscription, then its heartbeat', () => {
    const manager = live.manager();
    manager.subscribe('task', [4], () => {});
    const later = manager.subscribe('task', [2], () => {});
    lastSocket().open();
    lastSocket().drop();
    expect(manager.status('task').state).toBe('reconnecting');
    later.update([2, 6]); // changed while down: sent with the next subscription
    vi.advanceTimersByTime(1000);
    expect(sockets()).toHaveLength(2);
    lastSocket().open();
    expect(manager.status('task').state).toBe('live');
    expect(JSON.parse(lastSocket().sent[0])).toEqual({ token: TOKEN, data: [2, 4, 6] });
    vi.advanceTimersByTime(3000);
    expect(sentData()).toEqual([
      [2, 4, 6],
      [2, 4, 6],
    ]);
  });

  it('keeps messages received before a drop for the next frame', () => {
    const manager = live.manager();
    const listener = vi.fn();
    manager.subscribe('task', [1], listener);
    lastSocket().open();
    lastSocket().receive(taskReply(1, 3));
    lastSocket().drop();
    live.frames().run();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('feed manager: active feeds', () => {
  it('lists the feeds with subscribers, and tells its listeners when that changes', () => {
    const manager = live.manager();
    const changed = vi.fn();
    manager.onActive(changed);
    const offTask = manager.subscribe('task', [1], () => {});
    const offDemand = manager.subscribe('demand', undefined, () => {});
    manager.subscribe('task', [2], () => {});
    expect(manager.active()).toEqual(['task', 'demand']);
    expect(changed).toHaveBeenCalledTimes(2);
    const before = manager.active();
    offTask();
    expect(manager.active()).toBe(before);
    offDemand();
    expect(manager.active()).toEqual(['task']);
  });
});
