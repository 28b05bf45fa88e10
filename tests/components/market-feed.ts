import { act, cleanup } from '@testing-library/react';
import { FakeSocket } from '../unit/fake-socket';
import { feedManager } from '../../src/live/manager';
import type { MarketRow } from '#contract/types/market';

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
    // the feed delivers at the next frame, then the board applies one table per frame
    const tables = (message as { data?: unknown[] }).data?.length ?? 0;
    for (let frame = 0; frame <= tables; frame += 1) await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  });
}

export { FakeSocket };

/** A market row (§3) with a leg-A bid of `aBid` and sensible defaults for the rest. */
export const marketRow = (currency: string, aBid: number, extra: Partial<MarketRow> = {}): MarketRow => ({
  currency_type: currency,
  a_buy: `${aBid}/1.5`,
  b_sell: '59990.1/2',
  a_validity: 0,
  b_validity: 0,
  positive: '10.12/0.0169%',
  negative: '20/0.0333%',
  ...extra,
});
