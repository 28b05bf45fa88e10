// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveMarket, createSimMarket, marketRow, type LiveMarket } from '../../server/market';
import { FIXTURE_PRICES, startExchangeFixture, type ExchangeFixture } from './market-exchange-fixture';

const now = Date.UTC(2025, 0, 10, 7, 59); // CW 250110, NW 250117, CQ 250328, NQ 250627
const sim = createSimMarket('live-test');
let fixture: ExchangeFixture;
let live: LiveMarket;

beforeAll(async () => {
  fixture = await startExchangeFixture(now);
  live = createLiveMarket({ sim, urls: fixture.urls, rateLimit: false });
});
afterAll(() => fixture.close());

describe('live market (ccxt against a loopback fixture of OKX, HTX and Binance)', () => {
  it('falls back to the simulation, marked, before the first refresh', () => {
    const q = live.quote(1, 'btc', 1, now);
    expect(q).toMatchObject({ source: 'sim', fallback: true });
  });

  it('loads each exchange’s public instrument lists and tickers through their documented endpoints', async () => {
    const report = await live.refresh(now);
    expect(report).toEqual({ 1: { live: 9 }, 2: { live: 5 }, 3: { live: 5 } });
    expect(fixture.requests).toEqual(
      expect.arrayContaining([
        '/okx/api/v5/public/instruments?instType=SPOT',
        '/okx/api/v5/public/instruments?instType=FUTURES',
        '/okx/api/v5/market/tickers?instType=FUTURES',
        '/htx/spot/v1/common/symbols',
        '/htx/contract/api/v1/contract_contract_info',
        '/htx/spot/market/tickers',
        '/htx/contract/market/detail/batch_merged',
        '/binance/api/v3/exchangeInfo',
        '/binance/dapi/v1/ticker/bookTicker',
      ]),
    );
    // public data only: nothing private, nothing that places orders
    expect(fixture.requests.some((r) => /order|account|balance|private|sapi/i.test(r))).toBe(false);
  });

  it('prices listed instruments from the exchanges’ tickers', () => {
    const okxQuarter = live.quote(1, 'btc', 4, now);
    expect(okxQuarter).toMatchObject({
      source: 'live',
      bid: FIXTURE_PRICES.okx.CQ.bid,
      ask: FIXTURE_PRICES.okx.CQ.ask,
      bidSize: FIXTURE_PRICES.okx.CQ.bidSz,
      expiry: Date.UTC(2025, 2, 28, 8),
    });
    expect(okxQuarter.fallback).toBeUndefined();
    expect(okxQuarter.validity).toBe(1); // the OKX ticker is 1.5 s old
    expect(live.listed(1, 'btc', 2, now)).toBe('BTC/USD:BTC-250110');
    expect(live.quote(2, 'btc', 2, now)).toMatchObject({ source: 'live', bid: FIXTURE_PRICES.htx.BTC_CW.bid, ask: FIXTURE_PRICES.htx.BTC_CW.ask });
    expect(live.quote(2, 'eth', 1, now)).toMatchObject({ source: 'live', bid: FIXTURE_PRICES.htx.ethusdt.bid, askSize: FIXTURE_PRICES.htx.ethusdt.askSize });
    expect(live.quote(3, 'btc', 5, now)).toMatchObject({ source: 'live', bid: FIXTURE_PRICES.binance['dapi:BTCUSD_PERP'].bid });
    expect(live.quote(3, 'btc', 13, now)).toMatchObject({ source: 'live', ask: FIXTURE_PRICES.binance['fapi:BTCUSDT_Q'].ask });
  });

  it('marks what an exchange does not list and prices it by the simulation at the live level', () => {
    const weekly = live.quote(3, 'btc', 2, now); // Binance lists no weekly contracts
    expect(weekly).toMatchObject({ source: 'sim', fallback: true });
    expect(weekly.last / FIXTURE_PRICES.binance.BTCUSDT.bid).toBeGreaterThan(0.99);
    expect(weekly.last / FIXTURE_PRICES.binance.BTCUSDT.bid).toBeLessThan(1.01);
    expect(live.quote(1, 'eth', 4, now)).toMatchObject({ source: 'sim', fallback: true });
    // no exchange lists XRP: the plain simulation, marked
    expect(live.quote(1, 'xrp', 1, now)).toEqual({ ...sim.quote(1, 'xrp', 1, now), fallback: true });
    const row = marketRow(live, [3, 1, 2, 1], 'btc', now);
    expect(row).toMatchObject({ a_source: 'sim', b_source: 'live' });
  });

  it('keeps the last tickers when an exchange fails, and reports the failure', async () => {
    fixture.failing.add('okx');
    const report = await live.refresh(now + 10_000);
    fixture.failing.delete('okx');
    expect(report[1]).toHaveProperty('error');
    expect(report[3]).toEqual({ live: 5 });
    const q = live.quote(1, 'btc', 4, now + 10_000);
    expect(q).toMatchObject({ source: 'live', bid: FIXTURE_PRICES.okx.CQ.bid });
    expect(q.validity).toBe(11); // stale: shown red on the board
  });
});
