// Trading on exchanges, in Chromium against the reference server, a loopback OKX and a loopback Binance (USDⓈ-M)
// (tests/loopback-exchange/): the operator binds testnet keys on both and sees them checked, initialises the OKX account there,
// reads what the server sent in the audit log; then a hedging task with leg A on OKX and leg B on Binance opens on both,
// its fills show on the task's pages and the assets, a refused leg leaves the child unbalanced and the alert comes, and
// the kill switch cancels the open order on the exchange and stops the task. Nothing reaches the internet: the server's
// ccxt clients are pointed at the loopbacks (settings.exchangeUrls, EXCHANGE_URLS in production). The server runs on a
// ManualClock: its engine steps when the spec moves the clock, or on a book update; every wait is for a state.
import { after, afterEach, before, test } from './spec-file';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { ManualClock } from '../../server/clock/clock';
import { exchangeClientId } from '../../server/gateway/exchange';
import type { OrderUpdate } from '../../server/gateway/gateway';
import { findApi } from '../../server/store/api-accounts';
import { findTask, ordersOf, type OrderRow } from '../../server/store/tasks';
import type { RecordedRequest } from '../loopback-exchange/harness';
import { startLoopbackBinance, type LoopbackBinance } from '../loopback-exchange/binance';
import { startLoopbackOkx, type LoopbackOkx } from '../loopback-exchange/okx';
import { SWAP_A, SWAP_B, bookAround } from '../loopback-exchange/book';
import {
  E2E_START,
  callOk,
  chooseMenuItem,
  chooseOption,
  launchBrowser,
  motionEnded,
  newPage,
  onFailure,
  onServerClock,
  signInByApi,
  startApp,
  whileWatching,
  type App,
} from './harness';

/** Presses the header's kill switch and answers its confirm once that has finished opening (a click during its zoom can be lost); `said`: the notice awaited. */
async function killSwitch(p: Page, said: string) {
  await p.getByRole('button', { name: '紧急停止' }).click();
  const confirm = p.locator('.ant-modal-confirm');
  await motionEnded(confirm);
  await whileWatching(p.getByText(said), () => confirm.getByRole('button', { name: /全部停止/ }).click());
}

const KEY = { apiKey: 'e2e-okx-demo-key', secret: 'e2e-okx-demo-secret', passphrase: 'E2e-okx-1' };
const NAME = 'e2e-okx-testnet';
const BINANCE_KEY = { apiKey: 'e2e-binance-demo-key', secret: 'e2e-binance-demo-secret' };
const BINANCE_NAME = 'e2e-binance-testnet';
/**
 * The server's clock (and the loopbacks'), moved by the spec only, from a fixed instant; the pages age what the server
 * sends (a last fill "5 s ago"), so the page's Date is set to the server's clock and moved with it (second()).
 */
const clock = new ManualClock(E2E_START);

const okxBook = (mid: number) => bookAround(mid, 50);
const binanceBook = (mid: number) => bookAround(mid, 0.5);
const NARROW = 10_000;
const WIDE = 10_300;

let okx: LoopbackOkx;
let binance: LoopbackBinance;
let app: App;
let browser: Browser;
let page: Page | undefined;

before(async () => {
  okx = await startLoopbackOkx({
    now: () => clock.now(),
    accounts: [{ ...KEY, demo: true, perm: ['read_only', 'trade'] }],
    books: { [SWAP_A]: okxBook(NARROW) },
  });
  // in hedge mode (LONG/SHORT), as the server's orders need it (docs/LIVE-TRADING.md)
  binance = await startLoopbackBinance({
    now: () => clock.now(),
    accounts: [{ ...BINANCE_KEY, dualSidePosition: true }],
    books: { [SWAP_B]: binanceBook(NARROW) },
  });
  app = await startApp({
    clock,
    // a child left unbalanced is re-hedged 3 s after its legs came apart (the default is a minute)
    settings: { exchangeUrls: { 1: okx.urls.api, 3: binance.urls.api }, exchangeRateLimit: false, initDelayMs: 0, engine: { rehedgeAfterMs: 3000 } },
  });
  browser = await launchBrowser();
});
afterEach(async (t) => {
  await onFailure(t, page);
});
after(async () => {
  await page?.context().close();
  await browser?.close();
  await app?.close();
  await okx?.close();
  await binance?.close();
});

const rowOf = (p: Page, name: string) => p.locator('tr', { has: p.getByText(name, { exact: true }) });

/** A second of the server's clock (and the page's): the engine's tick (and what it started) written. */
async function second(): Promise<void> {
  clock.tick(1000);
  if (page && !page.isClosed()) await onServerClock(page, clock);
  await app.server.tasks.idle();
}

/** Moves the server's clock a second at a time until `what` shows (what the server does on its clock: a delay, a step). */
async function tickUntil(what: Locator, maxTicks = 20): Promise<void> {
  for (let tick = 1; ; tick++) {
    await second();
    try {
      await what.waitFor({ timeout: 500 });
      return;
    } catch (error) {
      if (tick >= maxTicks) throw error;
    }
  }
}

/** The BTC row of the per-currency table now on /assets, by column title (none when BTC is not listed). A string, so
 * the test runner's transform adds no helpers the page does not have. */
const BTC_ROW = `(() => {
  const table = Array.from(document.querySelectorAll('.ant-table')).find((t) => Array.from(t.querySelectorAll('th')).some((th) => th.textContent.trim() === '币种'));
  if (!table) return null;
  const headers = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent.trim());
  const row = Array.from(table.querySelectorAll('tbody tr.ant-table-row')).map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent.trim())).find((cells) => cells[0] === 'BTC');
  if (!row) return {};
  return Object.fromEntries(headers.slice(1).map((h, i) => [h, Number(row[i + 1].replace(/,/g, ''))]));
})()`;

/** The Binance account's BTC row on /assets (the account chosen in the menu), once the table has come. */
async function binanceBtc(p: Page): Promise<Record<string, number>> {
  await p.goto('/assets');
  await p.getByRole('menuitem', { name: BINANCE_NAME }).click();
  await p.getByRole('tab', { name: '手动交易' }).waitFor(); // one account chosen
  // the rows come once the account has been read from its exchange and the asset socket has pushed them (on the clock)
  await tickUntil(
    p
      .locator('.ant-table', { has: p.getByRole('columnheader', { name: '币种' }) })
      .locator('tbody tr.ant-table-row')
      .first(),
  );
  return (await p.evaluate(BTC_ROW)) as Record<string, number>;
}

/** Resolves once `n` requests matching `match` have arrived at a loopback (each wait is for the next one to arrive). */
async function arrived(loopback: LoopbackOkx | LoopbackBinance, match: (r: RecordedRequest) => boolean, n: number): Promise<RecordedRequest[]> {
  while (loopback.requests.filter(match).length < n) await loopback.control.nextRequest(match);
  return loopback.requests.filter(match);
}

/** Fails unless `actual` has each of `fields` (a request's body as the exchange received it). */
function hasFields(actual: Record<string, unknown>, fields: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(fields)) assert.equal(actual[name], value, name);
}

/** Binds a testnet key through the API page's add dialog; the server checks it on the exchange before it stores it. */
async function bindTestnet(p: Page, name: string, exchange: string, key: { apiKey: string; secret: string; passphrase?: string }): Promise<Locator> {
  await p.getByRole('button', { name: /添加API/ }).click();
  const add = p.getByRole('dialog', { name: '添加API' });
  await add.getByLabel('API名称').fill(name);
  await chooseOption(add.getByLabel('交易所', { exact: true }), exchange);
  await add.getByLabel('API Key').fill(key.apiKey);
  await add.getByLabel('API Secret').fill(key.secret);
  if (key.passphrase) await add.getByLabel('API Token（可选）').fill(key.passphrase);
  await add.getByText('测试网', { exact: true }).click();
  await add.getByRole('button', { name: /保\s*存/ }).click();
  await add.waitFor({ state: 'hidden' });
  const row = rowOf(p, name);
  await row.getByText('测试网', { exact: true }).waitFor();
  await row.getByText('密钥有效', { exact: true }).waitFor();
  return row;
}

test('an operator binds testnet OKX and Binance keys (checked on the exchanges), initialises OKX there, reads the audit log and presses the kill switch', async () => {
  page = await onServerClock(await newPage(browser, app.url, { locale: 'zh-CN' }), clock);
  const p = page;
  await signInByApi(p, 'admin', 'admin123');
  await p.goto('/api');
  await rowOf(p, 'OKEx-主账户').waitFor();

  // bind: the server calls the exchange (balance, the key's rights) before it stores the key
  const row = await bindTestnet(p, NAME, 'OKEx', KEY);
  await row.getByText('可交易', { exact: true }).waitFor();
  assert.ok(
    okx.requests.some((r) => r.apiKey === KEY.apiKey && r.path === '/api/v5/account/balance'),
    'the key was checked with a real balance call',
  );
  assert.ok(!(await p.locator('body').innerText()).includes(KEY.secret), 'the page does not show the secret');
  // a Binance key on its test network too, checked on its USDⓈ-M balance; Binance's demo network does not say what a key may do
  const binanceRow = await bindTestnet(p, BINANCE_NAME, 'Binance', BINANCE_KEY);
  await binanceRow.getByText('交易所不报告密钥权限：无法检查').waitFor();
  assert.ok(
    binance.requests.some((r) => r.apiKey === BINANCE_KEY.apiKey && r.path === '/fapi/v3/account'),
    'checked on its USDⓈ-M balance',
  );

  // init: cross margin and 10x on the exchange, each instrument's result shown (after the server's delay, on its clock)
  await row.getByRole('button', { name: /操\s*作/ }).click();
  await chooseMenuItem(p, '初始化');
  await p.getByRole('button', { name: /确\s*定/ }).click();
  const results = p.getByRole('dialog', { name: `初始化结果 - ${NAME}` });
  await tickUntil(results.getByText(/个合约设置成功/));
  const account = okx.state.account(KEY.apiKey);
  assert.equal(okx.state.leverOf(account, 'BTC-USDT-SWAP', 'cross'), 10);
  await results
    .getByRole('button', { name: /确\s*定|关\s*闭|OK/ })
    .first()
    .click();

  // the audit log: every request the server sent, without the secret
  await p.goto('/api/audit');
  await p.getByText('fetchBalance').first().waitFor();
  await p.getByText('setLeverage').first().waitFor();
  assert.ok(!(await p.locator('body').innerText()).includes(KEY.secret), 'the audit log does not show the secret');

  // the kill switch: nothing runs on the exchange, so it stops nothing, and says so
  await killSwitch(p, '紧急停止已执行');
});

test('a hedge with leg A on OKX and leg B on Binance: orders reach both, the fills show on the task pages and the assets, a refused leg alerts, the kill switch cancels and stops', async () => {
  await page?.context().close();
  page = await onServerClock(await newPage(browser, app.url, { locale: 'zh-CN' }), clock);
  const p = page;
  await signInByApi(p, 'admin', 'admin123');

  // the task, on the accounts the test before bound: USDT perpetuals, leg A OKX, leg B Binance; opens at a 1 % net premium,
  // never closes; m = 0.2: one open uses a child's position limit. The unbalanced alert after 1 s.
  const apis = await callOk<{ id: number; name: string }[]>(p, 'apiList');
  const [okxApi, binanceApi] = [NAME, BINANCE_NAME].map((name) => apis.find((a) => a.name === name)!.id) as [number, number];
  await callOk(p, 'alertRuleSave', { kind: 'unbalanced', seconds: 1, cooldownSeconds: 600 });
  const strategies = await callOk<{ id: number; name: string }[]>(p, 'strategyHome');
  const every = (value: number) => ({ CW: value, NW: value, CQ: value, NQ: value });
  const params = {
    currency_type: 'btc',
    a_bourse: 1,
    a_transaction_type: 14,
    b_bourse: 3,
    b_transaction_type: 14,
    fund_occupy: '50%',
    virtual_initial_capital: 10000,
    is_borrow: false,
    depth: 5,
    slip: 0.0005,
    price_limit: '',
    max_borrow_ratio: 0.3,
    dlt: every(0.01),
    m: every(0.2),
    close_dlt: -1,
    open_count: 10,
  };
  const strategyId = strategies.find((s) => s.name === 'arbitrage 2')!.id;
  const taskId = (await callOk<{ id: number }>(p, 'taskAdd', { name: 'e2e okx/binance', strategyId, params })).id;
  const addChild = async () => {
    const child = await callOk<{ task_children_id: number }>(p, 'taskChildrenAdd', { taskId, linkApiId: `${okxApi},${binanceApi}`, weight: 1 });
    await callOk(p, 'taskChildrenStatusUpdate', { taskChildrenId: child.task_children_id, settingStatus: 2 });
    return child.task_children_id;
  };
  const firstChild = await addChild();
  await callOk(p, 'taskStatusUpdate', { taskId, settingStatus: 2 });
  await second(); // started: the engine asks both exchanges for their books
  await second();

  // what the accounts' gateways tell the runner, heard here too: an order is done once its fill is complete
  const { db } = app.server.context;
  const done = new Set<string>();
  const waiting = new Map<string, () => void>();
  for (const apiId of [okxApi, binanceApi])
    app.server.context.gateway(db, (await findApi(db, apiId))!).onUpdate((update: OrderUpdate) => {
      if (update.state !== 'filled' || update.status !== 3) return;
      done.add(update.clientId);
      waiting.get(update.clientId)?.();
    });
  const filled = (ids: string[]) => Promise.all(ids.map((id) => (done.has(id) ? undefined : new Promise<void>((resolve) => waiting.set(id, resolve)))));
  const isOrder = {
    okx: (r: RecordedRequest) => r.path === '/api/v5/trade/batch-orders',
    binance: (r: RecordedRequest) => r.method === 'POST' && r.path === '/fapi/v1/order',
  };

  const btcBefore = await binanceBtc(p);

  // leg B's book moves 3 % above leg A's: the task opens on that update, on both exchanges
  okx.control.setBook(SWAP_A, okxBook(NARROW + 0.5));
  binance.control.setBook(SWAP_B, binanceBook(WIDE));
  const [[toOkx], [toBinance]] = await Promise.all([arrived(okx, isOrder.okx, 1), arrived(binance, isOrder.binance, 1)]);
  const [orderA, orderB] = (await ordersOf(db, taskId)) as [OrderRow, OrderRow];
  hasFields((toOkx!.body as Record<string, string>[])[0]!, {
    instId: SWAP_A,
    side: 'buy',
    posSide: 'long',
    tdMode: 'cross',
    clOrdId: exchangeClientId(orderA.client_id),
  });
  hasFields(toBinance!.body as Record<string, string>, {
    symbol: SWAP_B,
    side: 'SELL',
    positionSide: 'SHORT',
    newClientOrderId: exchangeClientId(orderB.client_id),
  });
  await filled([orderA.client_id, orderB.client_id]);
  await second();

  // the fills, on the task detail: both orders completed at the exchanges' prices, the child's legs what they filled
  const fillOf = {
    okx: (o: OrderRow) => okx.state.order(exchangeClientId(o.client_id))!,
    binance: (o: OrderRow) => binance.state.order(exchangeClientId(o.client_id))!,
  };
  const fills = [
    { order: orderA, price: fillOf.okx(orderA).avgPx!, amount: fillOf.okx(orderA).accFillSz * 0.01 },
    { order: orderB, price: fillOf.binance(orderB).cumQuote / fillOf.binance(orderB).executedQty, amount: fillOf.binance(orderB).executedQty },
  ] as const;
  await p.goto(`/task/taskDetail?id=${taskId}`);
  const orderRows = p.getByTestId('task-orders').locator('.ant-table-row');
  for (const { order, price } of fills) {
    const row = orderRows.filter({ hasText: order.client_id });
    await row.getByText('已完成').waitFor();
    await row.getByText(price.toFixed(4), { exact: true }).waitFor();
  }
  await p.getByTestId(`leg-state-${firstChild}`).and(p.locator('[data-state="balanced"]')).waitFor();
  assert.equal(await p.getByTestId(`leg-a-${firstChild}`).innerText(), fills[0].amount.toFixed(6));
  assert.equal(await p.getByTestId(`leg-b-${firstChild}`).innerText(), fills[1].amount.toFixed(6));

  // a second child opens; Binance refuses its leg B: the child's legs are apart (abnormal: it holds a refused order),
  // the page shows the exposure live, and after 1 s of it the unbalanced alert comes
  binance.control.rejectNext({ code: -2019, msg: 'Margin is insufficient.' }, SWAP_B);
  const secondChild = await addChild();
  await second();
  okx.control.setBook(SWAP_A, okxBook(NARROW));
  binance.control.setBook(SWAP_B, binanceBook(WIDE + 0.5));
  const [, refused] = await Promise.all([arrived(okx, isOrder.okx, 2), arrived(binance, isOrder.binance, 2)]);
  const orderA2 = (await ordersOf(db, taskId)).find((o) => Number(o.task_children_id) === secondChild && o.client_id.endsWith('a'))!;
  await filled([orderA2.client_id]);
  await app.server.tasks.idle(); // the refusal has been answered
  assert.equal(refused.length, 2);
  await second();
  await p
    .getByTestId(`leg-state-${secondChild}`)
    .and(p.locator('[data-state="abnormal"]'))
    .filter({ hasText: /敞口 [\d,.]+ USDT/ })
    .waitFor();
  assert.equal(await p.getByTestId(`leg-b-${secondChild}`).innerText(), '0.000000');
  assert.equal(await p.getByTestId(`leg-a-${secondChild}`).innerText(), (fillOf.okx(orderA2).accFillSz * 0.01).toFixed(6));
  const alert = p.locator('.ant-notification-notice').filter({ hasText: new RegExp(`任务 ${taskId} 单边持仓已超过 1 秒，敞口 [\\d,.]+ USDT`) });
  await tickUntil(alert);
  await p.locator('[data-testid="alert-bell"]:not([data-unread="0"])').waitFor();
  await alert.locator('.ant-notification-notice-close').click();
  await alert.waitFor({ state: 'detached' });

  // its re-hedge rests on Binance (nothing fills it there); the kill switch cancels it there and stops the task, and says so
  binance.control.partialFillNext(0, { rest: 'open' });
  for (let s = 0; s < 3; s++) await second();
  okx.control.setBook(SWAP_A, okxBook(NARROW + 0.5));
  binance.control.setBook(SWAP_B, binanceBook(WIDE));
  const [, , hedge] = await arrived(binance, isOrder.binance, 3);
  await app.server.tasks.idle();
  const cancelled = binance.control.nextRequest({ method: 'DELETE', path: '/fapi/v1/order' });
  await killSwitch(p, '已停止 1 个任务，撤销 1 个订单');
  assert.equal((await cancelled).query.origClientOrderId, (hedge!.body as Record<string, string>).newClientOrderId);
  assert.equal(Number((await findTask(db, taskId))!.status), 4, 'the task is stopped');

  // trade info: the task's position is its children's leg A, at the exchange's price
  await p.goto(`/task/taskTradeInfo?id=${taskId}&type=task`);
  const positions = p.locator('.ant-card', { has: p.getByText('当前持仓', { exact: true }) }).last();
  await positions.getByRole('cell', { name: fills[0].price.toFixed(4), exact: true }).waitFor();
  const heldA = fills[0].amount + fillOf.okx(orderA2).accFillSz * 0.01;
  await positions.getByRole('cell', { name: heldA.toFixed(4), exact: true }).waitFor();

  // the Binance account's assets, read from the exchange: a BTC figure (its short perpetual) has moved by what leg B sold
  // (the refused leg and the cancelled re-hedge sold nothing)
  const sold = fills[1].amount;
  await callOk(p, 'assetManualSnapshot', { apiId: binanceApi }); // read from the exchange now, not at the next minute's read
  const btcAfter = await binanceBtc(p);
  assert.ok(
    Object.entries(btcAfter).some(([column, value]) => Math.abs(Math.abs(value - (btcBefore[column] ?? 0)) - sold) < 1e-4),
    `a BTC figure of the Binance account moved by ${sold}: ${JSON.stringify({ before: btcBefore, after: btcAfter })}`,
  );
});
