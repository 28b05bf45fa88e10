// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CURRENCIES, contractTypesOf, createSimMarket, deliveryCodes, expiries, instruments, offers } from '../../server/market';
import { brownian, PATH_ORIGIN } from '../../server/market/noise';

const FRIDAY = Date.UTC(2025, 0, 10); // Friday 10 January 2025
const at = (h: number, m: number): number => FRIDAY + (h * 60 + m) * 60_000;

describe('market engine: instruments', () => {
  it('lists every currency × contract type on exchanges 1 and 3, and only types 1–4 on exchange 2', () => {
    expect(contractTypesOf(1)).toEqual([1, 2, 3, 4, 5, 10, 11, 12, 13, 14]);
    expect(contractTypesOf(3)).toEqual([1, 2, 3, 4, 5, 10, 11, 12, 13, 14]);
    expect(contractTypesOf(2)).toEqual([1, 2, 3, 4]);
    expect(CURRENCIES).toEqual(['btc', 'eth', 'bch', 'eos', 'etc', 'xrp', 'ltc', 'trx', 'bsv']);
    expect(instruments(1)).toHaveLength(9 * 10);
    expect(instruments(2)).toHaveLength(9 * 4);
    expect(instruments()).toHaveLength(9 * 24);
    expect(offers(2, 5)).toBe(false);
    expect(offers(2, 4)).toBe(true);
    expect(offers(4, 1)).toBe(false);
  });
});

describe('market engine: delivery calendar', () => {
  it('rolls "this week" over at Friday 08:00 UTC (07:59 vs 08:01)', () => {
    expect(deliveryCodes(at(7, 59))).toEqual({ CW: '250110', NW: '250117', CQ: '250328', NQ: '250627' });
    expect(deliveryCodes(at(8, 1))).toEqual({ CW: '250117', NW: '250124', CQ: '250328', NQ: '250627' });
    expect(deliveryCodes(at(8, 0)).CW).toBe('250117'); // delivered at 08:00 sharp
    expect(new Date(expiries(at(7, 59)).CW).toISOString()).toBe('2025-01-10T08:00:00.000Z');
  });

  it('rolls the quarter on once it would coincide with a weekly contract (last Friday of the quarter month)', () => {
    // 14 March 2025: NW is 21 March, CQ 28 March (last Friday of March)
    expect(deliveryCodes(Date.UTC(2025, 2, 14, 7))).toMatchObject({ CW: '250314', NW: '250321', CQ: '250328', NQ: '250627' });
    // after 14 March 08:00 UTC the weekly pair is 21/28 March, so the quarter is June and next quarter September
    expect(deliveryCodes(Date.UTC(2025, 2, 14, 9))).toMatchObject({ CW: '250321', NW: '250328', CQ: '250627', NQ: '250926' });
    expect(deliveryCodes(Date.UTC(2025, 11, 31))).toMatchObject({ CQ: '260327', NQ: '260626' });
  });

  it('gives a delivery quote its current expiry, and the rolled-over this week takes the old next week', () => {
    const m = createSimMarket('calendar');
    expect(m.quote(1, 'btc', 2, at(7, 59)).expiry).toBe(Date.UTC(2025, 0, 10, 8));
    expect(m.quote(1, 'btc', 2, at(8, 1)).expiry).toBe(Date.UTC(2025, 0, 17, 8));
    expect(m.quote(1, 'btc', 1, at(8, 1)).expiry).toBeUndefined();
  });
});

describe('market engine: prices', () => {
  const now = Date.UTC(2025, 4, 20, 13, 14, 15);

  it('is deterministic: the same seed and time give the same quote; another seed another price', () => {
    const q = createSimMarket('alpha').quote(1, 'eth', 4, now);
    expect(createSimMarket('alpha').quote(1, 'eth', 4, now)).toEqual(q);
    expect(createSimMarket('beta').quote(1, 'eth', 4, now).last).not.toBe(q.last);
  });

  it('computes a price in December 2018 directly, in a plausible range of the asset', () => {
    const m = createSimMarket('alpha');
    for (const t of [Date.UTC(2018, 11, 1), Date.UTC(2021, 6, 1), now]) {
      const btc = m.index('btc', t);
      expect(btc).toBeGreaterThan(15_000);
      expect(btc).toBeLessThan(240_000);
    }
  });

  it('moves like a crypto asset: annualised volatility of minute returns between 30 % and 120 %', () => {
    const m = createSimMarket('vol');
    const returns: number[] = [];
    for (let i = 0; i < 1440; i++) returns.push(Math.log(m.index('btc', now + (i + 1) * 60_000) / m.index('btc', now + i * 60_000)));
    const annual = Math.sqrt(returns.reduce((s, r) => s + r * r, 0) / returns.length) * Math.sqrt(365 * 1440);
    expect(annual).toBeGreaterThan(0.3);
    expect(annual).toBeLessThan(1.2);
  });

  it('prices delivery along a term structure: next quarter > quarter > next week > index, perpetual near the index', () => {
    const m = createSimMarket('term');
    const t = Date.UTC(2025, 0, 6); // CW 10 Jan, NW 17 Jan, CQ 28 Mar, NQ 27 Jun
    const mid = (type: 1 | 2 | 3 | 4 | 5 | 10) => m.mid(1, 'btc', type, t);
    const index = m.index('btc', t);
    expect(mid(10)).toBeGreaterThan(mid(4));
    expect(mid(4)).toBeGreaterThan(mid(3));
    expect(mid(4) / index - 1).toBeGreaterThan(0.005);
    expect(Math.abs(mid(5) / index - 1)).toBeLessThan(0.004);
    expect(Math.abs(mid(1) / index - 1)).toBeLessThan(0.003);
  });

  it('quotes bid < ask with five levels of depth on each side, best first', () => {
    const q = createSimMarket('book').quote(3, 'btc', 5, now);
    expect(q.bid).toBeLessThan(q.ask);
    expect(q.bid).toBeLessThanOrEqual(q.last);
    expect(q.ask).toBeGreaterThanOrEqual(q.last);
    expect(q.bids).toHaveLength(5);
    expect(q.asks).toHaveLength(5);
    expect(q.bids[0]).toEqual([q.bid, q.bidSize]);
    expect(q.asks[0]).toEqual([q.ask, q.askSize]);
    for (let i = 1; i < 5; i++) {
      expect(q.bids[i][0]).toBeLessThan(q.bids[i - 1][0]);
      expect(q.asks[i][0]).toBeGreaterThan(q.asks[i - 1][0]);
      expect(q.bids[i][1]).toBeGreaterThan(0);
    }
    expect(q.source).toBe('sim');
  });

  it('lets a feed stall now and then: the quote freezes and its validity counts the stale seconds', () => {
    const m = createSimMarket('stall');
    let stale = 0;
    for (let s = 0; s < 3 * 3600; s++) {
      const q = m.quote(1, 'btc', 1, now + s * 1000);
      if (q.validity > 0) {
        stale++;
        expect(q.time).toBe(now + s * 1000 - q.validity * 1000);
        expect(m.quote(1, 'btc', 1, q.time).last).toBe(q.last);
      }
    }
    expect(stale).toBeGreaterThan(5);
    expect(stale).toBeLessThan(3 * 3600 * 0.02);
  });
});

describe('market engine: the Brownian paths', () => {
  const DAY = Date.UTC(2026, 10, 2);
  /** The path at `t` figured from its first level: after a time ~68 years away, which parts from it there. */
  const fromScratch = (stream: number, t: number) => {
    brownian(stream, PATH_ORIGIN + 2 ** 30 * 1000 * (t - PATH_ORIGIN < 2 ** 30 * 1000 ? 1.5 : 0.25));
    return brownian(stream, t);
  };

  it('a past price stays what it was: the same values as before a path was resumed from the last call', () => {
    expect([PATH_ORIGIN + 1500, Date.UTC(2024, 4, 1, 10), DAY + 3_600_000, DAY + 3_660_000.5].map((t) => brownian(1, t))).toEqual([
      -0.00024232610395734443, 0.3547629126265366, 0.4603246423600303, 0.46010535539312697,
    ]);
  });

  it('gives each time the same value, bit for bit, whatever was asked before it: in order, interleaved, or far apart', () => {
    const times = [
      ...Array.from({ length: 300 }, (_, i) => DAY + i * 1000),
      ...Array.from({ length: 300 }, (_, i) => DAY - i * 60_000 + 0.25),
      ...Array.from({ length: 100 }, (_, i) => DAY - ((i * 7_777_777_777) % (300 * 86_400_000))),
      PATH_ORIGIN - 1,
      PATH_ORIGIN + 2 ** 31 * 1000 + 5,
    ];
    const inOrder = times.map((t) => [brownian(7, t), brownian(8, t)]);
    const scratch = times.map((t) => [fromScratch(7, t), fromScratch(8, t)]);
    const backwards = [...times]
      .reverse()
      .map((t) => [brownian(7, t), brownian(8, t)])
      .reverse();
    expect(Object.is(inOrder[0]![0], scratch[0]![0])).toBe(true);
    expect(inOrder).toEqual(scratch);
    expect(backwards).toEqual(scratch);
    expect(new Set(inOrder.slice(0, 300).map(([a]) => a)).size).toBe(300);
  });
});
