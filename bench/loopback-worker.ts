// The loopback OKX and Binance of bench/exchange-latency.ts, in a thread of their own: the exchanges are other machines
// to the server, so their work (building and sending every book update, matching the orders) is kept off the server's
// thread and out of its heap. Their clock is their own ManualClock, moved by the bench beside the server's.
import { parentPort, workerData } from 'node:worker_threads';
import { ManualClock } from '../server/clock/clock';
import { startLoopbackBinance, type LoopbackBinanceOptions } from '../tests/loopback-exchange/binance';
import type { BookInput } from '../tests/loopback-exchange/book';
import { startLoopbackOkx, type LoopbackOkxOptions } from '../tests/loopback-exchange/okx';

/** What the bench starts the exchanges with: their clock's start, then each one's accounts and books. */
export interface LoopbackSetup {
  start: number;
  okx: Pick<LoopbackOkxOptions, 'accounts' | 'books'>;
  binance: Pick<LoopbackBinanceOptions, 'accounts' | 'books'>;
}

/** A command from the bench, sent with an `id`; each is answered with `{ id, reply }` once done. */
export type LoopbackCommand = { type: 'tick'; ms: number } | { type: 'setBook'; symbol: string; book: BookInput } | { type: 'placed' } | { type: 'close' };

const setup = workerData as LoopbackSetup;
const clock = new ManualClock(setup.start);
const now = () => clock.now();
const okx = await startLoopbackOkx({ ...setup.okx, now });
const binance = await startLoopbackBinance({ ...setup.binance, now });
const port = parentPort!;
port.postMessage({ okx: okx.urls.api, binance: binance.urls.api });
port.on('message', async (command: LoopbackCommand & { id: number }) => {
  let reply: unknown = null;
  if (command.type === 'tick') clock.tick(command.ms);
  else if (command.type === 'setBook') binance.control.setBook(command.symbol, command.book);
  else if (command.type === 'placed') reply = { okx: okx.state.orders.length, binance: binance.state.orders.length };
  else {
    await okx.close();
    await binance.close();
  }
  port.postMessage({ id: command.id, reply });
});
