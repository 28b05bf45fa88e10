import { act, cleanup } from '@testing-library/react';
import { FakeSocket } from '../unit/fake-socket';
import { feedManager } from '../../src/live/manager';

/** Puts the fake socket in place of the browser's for the console's feed manager. */
export function useFakeSockets() {
  beforeEach(() => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    // unmount first: the pages' own unsubscribes close the feeds inside React's act
    cleanup();
    feedManager.closeAll();
    vi.unstubAllGlobals();
  });
}

/** The socket of a feed path ('/get2', '/ts/req'), the last one opened. */
export function socketOf(path: string): FakeSocket | undefined {
  return [...FakeSocket.instances].reverse().find((s) => new URL(s.url).pathname === path);
}

/**
 * The server side: opens the socket and pushes one JSON message, then waits for the animation frame
 * in which the feed manager delivers it (one delivery per frame).
 */
export async function push(socket: FakeSocket, message: unknown) {
  await act(async () => {
    if (socket.readyState !== 1) socket.open();
    socket.receive(JSON.stringify(message));
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  });
}

export { FakeSocket };
