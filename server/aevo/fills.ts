/**
 * The aevo tool page's model: each user's fills on aevo (perpetuals) and when they were last
 * pulled. The reference server has no aevo account to read, so "aevo" is a pure function of the user and
 * the time: on a 10-minute grid, about every other slot holds one fill, priced at the simulated market's
 * index at that minute (the same prices the rest of the server trades at). A sync stores the fills of the
 * slots since the last one (at most SYNC_WINDOW_MS back, an exchange's history window), so pulling twice
 * adds nothing new.
 */
import type { SimMarket } from '../market';
import type { Currency } from '../market/instruments';
import { seededRng } from '../engine';
import type { Queryable } from '../store/queryable';
import { countTrades, lastSync, saveSync, type NewAevoTrade } from '../store/aevo';

export const FILL_SLOT_MS = 10 * 60_000;
export const SYNC_WINDOW_MS = 7 * 86_400_000;
/** aevo's taker fee: 0.05 % of the notional. */
export const TAKER_FEE = 0.0005;

/** The instruments the demo user trades, with a lot range (coins) for the fill size. */
const INSTRUMENTS: readonly { coin: Currency; name: string; minLot: number; maxLot: number; digits: number }[] = [
  { coin: 'btc', name: 'BTC-PERP', minLot: 0.001, maxLot: 0.05, digits: 3 },
  { coin: 'eth', name: 'ETH-PERP', minLot: 0.01, maxLot: 1, digits: 2 },
  { coin: 'xrp', name: 'XRP-PERP', minLot: 10, maxLot: 2000, digits: 0 },
];

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The fill of one grid slot for one user, or none (about half the slots are empty). */
export function fillAt(sim: SimMarket, userId: number, at: number): NewAevoTrade | null {
  const rng = seededRng((userId * 0x9e3779b1) ^ Math.floor(at / FILL_SLOT_MS));
  if (rng() < 0.5) return null;
  const instrument = INSTRUMENTS[Math.floor(rng() * INSTRUMENTS.length)]!;
  const side = rng() < 0.5 ? 'buy' : 'sell';
  const amount = round(instrument.minLot + rng() * (instrument.maxLot - instrument.minLot), instrument.digits);
  const price = round(sim.index(instrument.coin, at), 4);
  return { user_id: userId, at, instrument: instrument.name, side, price, amount, fee: round(price * amount * TAKER_FEE, 4) };
}

/** The fills of the slots in (from, to]. */
export function fillsBetween(sim: SimMarket, userId: number, from: number, to: number): NewAevoTrade[] {
  const fills: NewAevoTrade[] = [];
  for (let at = (Math.floor(from / FILL_SLOT_MS) + 1) * FILL_SLOT_MS; at <= to; at += FILL_SLOT_MS) {
    const fill = fillAt(sim, userId, at);
    if (fill) fills.push(fill);
  }
  return fills;
}

/** Pulls the user's fills since the last sync up to `now` (call inside a transaction); how many were new. */
export async function syncAevo(db: Queryable, sim: SimMarket, userId: number, now: number): Promise<number> {
  const from = Math.max((await lastSync(db, userId)) ?? 0, now - SYNC_WINDOW_MS);
  const before = await countTrades(db, userId);
  await saveSync(db, userId, fillsBetween(sim, userId, from, now), now);
  return (await countTrades(db, userId)) - before;
}
