// kill -9 with manual orders in flight: the reference server (its own process, as `npm start` runs it) with testnet
// accounts on a loopback OKX (EXCHANGE_URLS) is killed with two orders under way — one booked on the exchange with
// its reply held there, one lost on its way — and started again on the same data folder: the booked one is looked up
// and shown once with the exchange's fill, the lost one is not sent again; nothing reaches the exchange twice. It
// times nothing, so it runs in the lanes (the timed reconnect after a kill: restart.spec.ts, by itself).
import { test, before, after } from './spec-file';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { callAs, callOk, freePort, launchBrowser, newPage, onFailure, signInByApi, takeCspViolations, until } from './harness';
import { kill, startProcess, type ServerProcess } from './server-process';
import { ourClientId } from '../../server/gateway/exchange';
import type { RecordedRequest } from '../loopback-exchange/harness';
import { startLoopbackOkx, type LoopbackOkx } from '../loopback-exchange/okx';
import type { AssetTradeRecord } from '#contract/types/assets';

/** The exchange the server's OKX accounts on the test network trade on (EXCHANGE_URLS). */
let okx: LoopbackOkx | undefined;
/** an OKX key per user: the admin's order is booked with its reply held, the trader's lost on its way */
const OKX_KEYS = {
  admin: { apiKey: 'e2e-restart-admin-key', secret: 'e2e-restart-admin-secret', passphrase: 'E2e-restart-1' },
  trader: { apiKey: 'e2e-restart-trader-key', secret: 'e2e-restart-trader-secret', passphrase: 'E2e-restart-2' },
};
let server: ServerProcess | undefined;
let browser: Browser | undefined;
let dataDir = '';
let port = 0;
before(async () => {
  okx = await startLoopbackOkx({ accounts: Object.values(OKX_KEYS).map((key) => ({ ...key, demo: true, perm: ['read_only', 'trade'] as const })) });
});
after(async () => {
  await browser?.close();
  if (server) await kill(server);
  await okx?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The order's client id as the exchange has it (OKX's clOrdId), from a place-order request. */
const clOrdIdOf = (request: RecordedRequest): string => (request.body as { clOrdId: string }[])[0]!.clOrdId;

test('kill -9 with orders in flight, then a restart: the order the exchange booked is looked up and shown once with its fill, the one it never got is not sent again', async (t) => {
  const exchange = okx!;
  dataDir = await mkdtemp(path.join(tmpdir(), 'console-restart-'));
  port = await freePort();
  server = await startProcess(port, dataDir, { 1: exchange.urls.api });
  browser = await launchBrowser();
  const url = `http://127.0.0.1:${port}`;
  /**
   * A user signed in with a testnet OKX account of their own. Two users, because a user's calls take turns
   * (server/http/lanes.ts): a second order of the same user would wait for the first one's reply.
   */
  const trading = async (user: 'admin' | 'trader') => {
    const page = await newPage(browser!, url);
    t.after(() => onFailure(t, page));
    await signInByApi(page, user, `${user}123`);
    const key = OKX_KEYS[user];
    const api = { name: `e2e-restart-${user}`, bourseId: 1, status: 1, mode: 'testnet', apiKey: key.apiKey, apiSecret: key.secret, apiToken: key.passphrase };
    const { id: apiId } = await callOk<{ id: number }>(page, 'apiAdd', api);
    // a market buy of the USDT perpetual; its reply never comes (the server dies first)
    const buy = () => callAs(page, 'manualTrading', { apiId, symbol: 'btc', type: 14, direction: 1, way: 1, amount: 0.02 }).catch(() => undefined);
    const records = () => callOk<AssetTradeRecord[]>(page, 'assetTradeRecords', { apiId: String(apiId) });
    return { page, buy, records };
  };
  const [admin, trader] = [await trading('admin'), await trading('trader')];
  const PLACE = { path: '/api/v5/trade/batch-orders' };
  const placements = (clOrdId: string) => exchange.requests.filter((r) => r.path === PLACE.path && clOrdIdOf(r) === clOrdId);

  // in flight: the trader's order lost on its way, never booked; then the admin's booked (and filled) on the exchange,
  // its reply held there
  const lost = exchange.control.loseNext(PLACE);
  const replies = [trader.buy()];
  const unsent = clOrdIdOf(await lost);
  const held = exchange.control.holdNext(PLACE);
  replies.push(admin.buy());
  const booked = clOrdIdOf(await held.arrived);
  assert.equal(exchange.state.order(booked)?.state, 'filled');
  assert.equal(exchange.state.order(unsent), undefined);

  await kill(server);
  held.release();
  await Promise.all(replies);
  const from = exchange.requests.length;
  server = await startProcess(port, dataDir, { 1: exchange.urls.api });

  // the booked order's fill, on the account's trade records (as the assets page reads them). The server looks the
  // manual orders a run left open up one after the other, as they were placed (handlers/manual-orders.ts): once the
  // later one shows, the lost one has been settled, and whatever the server would send of it has been sent.
  let shown: AssetTradeRecord[] = [];
  await until('the booked order is shown with its fill', async () => {
    shown = await admin.records();
    return shown.length > 0;
  });
  // both were looked up on the exchange by their client id after the restart, and answered
  const lookedUp = (clOrdId: string) => (r: RecordedRequest) => r.path === '/api/v5/trade/order' && r.query.clOrdId === clOrdId && r.answered;
  await until('both orders looked up', () => [booked, unsent].every((id) => exchange.requests.slice(from).some(lookedUp(id))));

  // none lost, none twice: each reached the exchange once (the lost one never booked), nothing was placed since the restart
  assert.equal(placements(booked).length, 1, 'the booked order was placed once');
  assert.equal(placements(unsent).length, 1, 'the lost order was not sent again');
  assert.deepEqual(
    exchange.requests.slice(from).filter((r) => r.path === PLACE.path),
    [],
    'nothing placed after the restart',
  );
  assert.equal(exchange.state.order(unsent), undefined);
  const onExchange = exchange.state.order(booked)!;
  const fee = -onExchange.fills.reduce((sum, f) => sum + f.fee, 0);
  assert.equal(shown.length, 1, JSON.stringify(shown));
  const [record] = shown as [AssetTradeRecord];
  assert.equal(record.id, ourClientId(booked));
  assert.ok(Math.abs(Number(record.amount) - onExchange.accFillSz * 0.01) < 1e-9, `amount ${record.amount}`);
  assert.ok(Math.abs(Number(record.price) - onExchange.avgPx!) < 1e-6, `price ${record.price}, on the exchange ${onExchange.avgPx}`);
  assert.ok(fee > 0 && Math.abs(Number(record.fee) - fee) < 1e-9, `fee ${record.fee}, on the exchange ${fee}`);
  assert.deepEqual(await trader.records(), [], 'the lost order shows no fill');
  for (const { page } of [admin, trader]) assert.deepEqual(takeCspViolations(page), []);
});
