import { setRuntimeConfig } from '../../src/api/config';
import { FeedManager } from '../../src/live/manager';
import { clearSession, saveSession } from '../../src/providers/session';
import { FakeSocket } from './fake-socket';

export const TOKEN = 'live-token';

/** Animation frames the test runs by hand. */
export class ManualFrames {
  private queue: Array<() => void> = [];
  readonly request = (callback: () => void) => {
    this.queue.push(callback);
    return () => {
      this.queue = this.queue.filter((queued) => queued !== callback);
    };
  };
  get pending(): number {
    return this.queue.length;
  }
  /** Runs the callbacks waiting for this frame. */
  run(): void {
    const callbacks = this.queue;
    this.queue = [];
    callbacks.forEach((callback) => {
      callback();
    });
  }
}

export const sockets = () => FakeSocket.instances;
export const lastSocket = () => FakeSocket.instances[FakeSocket.instances.length - 1];
export const sentData = (socket = lastSocket()) => socket.sent.map((text) => JSON.parse(text).data as unknown);

/** Fake timers, a fake WebSocket, a session and quiet logs for every test of the file. */
export function useLiveHarness(): { frames: () => ManualFrames; manager: () => FeedManager } {
  let frames: ManualFrames;
  let manager: FeedManager;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    setRuntimeConfig({ websocket: 'ws://feeds.test' });
    saveSession({ token: TOKEN, userName: 'alice', level: 1, isSuper: false, kind: 'normal' });
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    frames = new ManualFrames();
    manager = new FeedManager({ random: () => 0.5, requestFrame: frames.request, getToken: () => TOKEN });
  });
  afterEach(() => {
    manager.closeAll();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    clearSession();
    setRuntimeConfig({});
  });
  return { frames: () => frames, manager: () => manager };
}
