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

/** The server side: opens the socket and pushes one JSON message. */
export function push(socket: FakeSocket, message: unknown) {
  act(() => {
    if (socket.readyState !== 1) socket.open();
    socket.receive(JSON.stringify(message));
  });
}

export { FakeSocket };
