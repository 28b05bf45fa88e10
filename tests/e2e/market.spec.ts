// The live spread board (/market) and funding demand (/demand) against the reference server.
// The server runs on a ManualClock: it pushes only when the spec moves the clock (settings.marketPushHz
// = 1: every second of server time is one push with that second's prices), and every wait is for a
// state, never for time.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ManualClock } from '../../server/clock/clock';
import { deliveryCodes } from '#contract/rules/calendar';
import type { FeedClient } from '../../server/feeds/socket-server';
import { E2E_START, TIMEOUTS, callOk, chooseOption, e2eSuite, onServerClock, until } from './harness';
import { startTradingTask } from '../server/order-fixtures';

// from a fixed instant; the page ages what the server sends by its own Date, set to the server's clock (onServerClock)
// and moved with it (nextSecond)
const clock = new ManualClock(E2E_START);
const suite = e2eSuite({ motion: true, server: { clock, settings: { marketPushHz: 1, initDelayMs: 0 } } });

/** The browser contexts given the no-op `__name` (signIn). */
const named = new WeakSet<BrowserContext>();

/**
 * A fresh page signed in as this user. tsx compiles the functions this spec runs in the page with
 * esbuild's keepNames, which calls a `__name` helper the page does not have: its context gets a no-op one (on the
 * context, once: a page given a script of its own is not reused for the next test).
 */
async function signIn(username: string, password: string): Promise<Page> {
  const p = await suite.signIn(username, password);
  if (!named.has(p.context())) {
    named.add(p.context());
    await p.context().addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  }
  return onServerClock(p, clock);
}

/** Moves the server's clock a second (one push), and the page's Date with it. */
async function nextSecond(p: Page): Promise<void> {
  clock.tick(1000);
  await onServerClock(p, clock);
}

/** The keys ('1-2-4-4') of the tables on the board, in the board's order. */
const tableKeys = (p: Page) => tables(p).evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.table ?? ''));

const tables = (p: Page) => p.getByTestId('market-table');
const tableOf = (p: Page, key: string) => p.locator(`[data-testid="market-table"][data-table="${key}"]`);
const feedBadge = (scope: Locator) => scope.locator('[data-feed]');
const openMarketSockets = () => suite.app.server.context.market.openSockets;

/** Waits for a condition on the server's side. */
const serverSees = (what: string, condition: () => boolean) => until(`the server sees ${what}`, condition);

/** Moves the server's clock one second (one push) and waits until the text of `scope` has changed. */
async function tickAndSeeChange(scope: Locator): Promise<void> {
  const before = await scope.innerText();
  await nextSecond(scope.page());
  await scope.page().waitForFunction(([element, text]) => (element as HTMLElement).innerText !== text, [await scope.elementHandle(), before] as const, {
    timeout: TIMEOUTS.action,
  });
}

/**
 * Moves the server's clock a second at a time until the text of `scope` changes (what changes it may take
 * several ticks, e.g. a task's orders going through their statuses), failing after `maxTicks`.
 */
async function tickUntilChange(scope: Locator, maxTicks: number): Promise<void> {
  const before = await scope.innerText();
  for (let tick = 1; ; tick++) {
    await nextSecond(scope.page());
    try {
      await scope
        .page()
        .waitForFunction(([element, text]) => (element as HTMLElement).innerText !== text, [await scope.elementHandle(), before] as const, { timeout: 1000 });
      return;
    } catch (error) {
      if (tick >= maxTicks) throw error;
    }
  }
}

async function openBoard(p: Page): Promise<void> {
  await p.goto('/market');
  await feedBadge(tables(p).first()).and(p.locator('[data-feed-state="live"]')).waitFor();
  await tables(p).first().locator('.market-cell').first().waitFor();
}

/** Up and down colours of the flashing cells now on the board (each the first one found). */
async function flashColours(p: Page): Promise<{ up: string; down: string }> {
  const colours = await p.evaluate(() => {
    const colour = (direction: string) =>
      (document.querySelector(`.market-flash[data-flash="${direction}"]`) as HTMLElement | null)?.style.getPropertyValue('--market-flash') ?? '';
    return { up: colour('up'), down: colour('down') };
  });
  assert.ok(colours.up && colours.down, `a rise and a fall are flashing (${JSON.stringify(colours)})`);
  return colours;
}

const hex = (colour: string) => [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
const isRed = (colour: string) => hex(colour)[0]! > hex(colour)[1]!;

test('the board updates live and flashes changes in the up/down colours the header setting chooses', async () => {
  const p = await signIn('admin', 'admin123');
  await openBoard(p);
  assert.ok((await tableKeys(p)).length >= 2, 'the seeded admin has several tables');
  // every table shows the feed state and the age of its last update
  for (const card of await tables(p).all()) {
    assert.match(await feedBadge(card).innerText(), /实时 · (刚刚|\d+ 秒前)/);
  }

  const board = p.getByTestId('market-page');
  await tickAndSeeChange(board);
  await tickAndSeeChange(board);
  await p.locator('.market-flash[data-flash="up"]').first().waitFor();
  await p.locator('.market-flash[data-flash="down"]').first().waitFor();
  const chinese = await flashColours(p);
  assert.notEqual(chinese.up, chinese.down, 'rises and falls flash in two colours');
  assert.ok(isRed(chinese.up), `zh-CN: red up (${chinese.up})`);
  assert.ok(!isRed(chinese.down), `zh-CN: green down (${chinese.down})`);

  await p.getByTestId('user-menu').click();
  await p.getByTestId('up-down-colors').getByText('绿涨红跌').click();
  await p.waitForFunction(
    (up) => (document.querySelector('.market-flash[data-flash="up"]') as HTMLElement | null)?.style.getPropertyValue('--market-flash') !== up,
    chinese.up,
  );
  assert.deepEqual(await flashColours(p), { up: chinese.down, down: chinese.up });

  // remembered: a reload keeps green up
  await p.reload();
  await openBoard(p);
  await tickAndSeeChange(p.getByTestId('market-page'));
  await p.locator('.market-flash[data-flash="up"]').first().waitFor();
  await p.locator('.market-flash[data-flash="down"]').first().waitFor();
  assert.deepEqual(await flashColours(p), { up: chinese.down, down: chinese.up });
});

test('a table added and the width chosen survive a reload and show in another browser', async () => {
  const p = await signIn('admin', 'admin123');
  await openBoard(p);
  const before = await tableKeys(p);
  assert.ok(!before.includes('2-3-4-5'));
  await p.getByRole('button', { name: /添加行情表/ }).click();
  const dialog = p.getByRole('dialog');
  const choose = (label: string, option: string) => chooseOption(dialog.getByLabel(label, { exact: true }), option);
  await choose('A交易所', 'Huobi');
  await choose('B交易所', 'Binance');
  await choose('A类型', '季度');
  await choose('B类型', '永续');
  const saved = p.waitForResponse((response) => new URL(response.url()).pathname === '/market/put2');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  assert.equal((await (await saved).json()).code, 200);
  await tableOf(p, '2-3-4-5').locator('.market-cell').first().waitFor();
  // the quarter leg names the contract the server's clock makes current (get_delivery_code)
  await tableOf(p, '2-3-4-5')
    .getByText(`Huobi 季度（${deliveryCodes(clock.now()).CQ}） / Binance 永续`)
    .waitFor();
  // the width choice is a market parameter on the server (PUT /market/put)
  const pushed = p.waitForResponse((response) => new URL(response.url()).pathname === '/market/put');
  await p.getByTestId('table-width').getByText('24/24', { exact: true }).click();
  assert.equal((await (await pushed).json()).code, 200);
  const fullRow = (page: Page) => page.locator('[data-testid="market-col"].ant-col-24').first().waitFor();
  await fullRow(p);

  await p.reload();
  await tableOf(p, '2-3-4-5').locator('.market-cell').first().waitFor();
  await fullRow(p);

  const other = await signIn('admin', 'admin123'); // a new browser context: no storage, a new session
  await other.goto('/market');
  await tableOf(other, '2-3-4-5').locator('.market-cell').first().waitFor();
  assert.deepEqual(new Set(await tableKeys(other)), new Set([...before, '2-3-4-5']));
  await fullRow(other);
});

test('after a drop every table shows reconnecting, then the feed resubscribes by itself', async () => {
  const p = await signIn('admin', 'admin123');
  await openBoard(p);
  await serverSees('one open market socket', () => openMarketSockets().size === 1);

  // watched in the page from before the drop: reconnecting lasts until the feed's retry, which a busy
  // machine can reach while a test checking the tables one by one is still at the first ones
  const allReconnecting = p.waitForFunction(() => {
    const badges = Array.from(document.querySelectorAll('[data-testid="market-table"] [data-feed]'));
    return (
      badges.length > 0 &&
      badges.every((badge) => badge.getAttribute('data-feed-state') === 'reconnecting') &&
      /重连中/.test((badges[0] as HTMLElement).innerText)
    );
  });
  for (const client of openMarketSockets()) (client as FeedClient).socket.terminate();
  await allReconnecting;

  for (const card of await tables(p).all()) await feedBadge(card).and(p.locator('[data-feed-state="live"]')).waitFor();
  await serverSees('the market socket again', () => openMarketSockets().size === 1);
  // the server pushes only to a socket that has said what it watches: new prices prove the resubscription
  await tickAndSeeChange(p.getByTestId('market-page'));
});

test('leaving the page closes the market socket and stops every timer it started', async () => {
  const p = await signIn('admin', 'admin123');
  // counts the page's repeating timers and sockets, each with the phase it was made in
  await p.addInitScript(() => {
    const w = window as unknown as { __phase: string; __intervals: Map<number, string>; __sockets: { url: string; phase: string; socket: WebSocket }[] };
    w.__phase = 'before';
    w.__intervals = new Map();
    w.__sockets = [];
    const setInterval = window.setInterval.bind(window);
    const clearInterval = window.clearInterval.bind(window);
    Object.assign(window, {
      setInterval: (handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
        const id = setInterval(handler, ms, ...rest);
        w.__intervals.set(id, w.__phase);
        return id;
      },
      clearInterval: (id?: number) => {
        if (id !== undefined) w.__intervals.delete(id);
        clearInterval(id);
      },
    });
    const Socket = window.WebSocket;
    window.WebSocket = class extends Socket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        w.__sockets.push({ url: String(url), phase: w.__phase, socket: this });
      }
    };
  });
  await p.goto('/api');
  await p.getByRole('menuitem', { name: '行情' }).waitFor();
  // the header's alert bell keeps its own socket on every console page: it is open before the board's phase
  await p.locator('[data-testid="alert-bell"][data-feed-state="live"]').waitFor();
  await p.evaluate(() => ((window as unknown as { __phase: string }).__phase = 'market'));
  await p.getByRole('menuitem', { name: '行情' }).click();
  await p.waitForURL('**/market');
  await feedBadge(tables(p).first()).and(p.locator('[data-feed-state="live"]')).waitFor();
  await tickAndSeeChange(p.getByTestId('market-page'));
  await serverSees('one open market socket', () => openMarketSockets().size === 1);
  const started = await p.evaluate(
    () => [...(window as unknown as { __intervals: Map<number, string> }).__intervals.values()].filter((phase) => phase === 'market').length,
  );
  assert.ok(started > 0, 'the board runs timers while shown (the feed age)');

  await p.evaluate(() => ((window as unknown as { __phase: string }).__phase = 'left'));
  await p.getByRole('menuitem', { name: 'API管理' }).click();
  await p.waitForURL('**/api');
  await serverSees('no open market socket', () => openMarketSockets().size === 0);
  await p.waitForFunction(() => {
    const w = window as unknown as { __intervals: Map<number, string>; __sockets: { url: string; phase: string; socket: WebSocket }[] };
    const timers = [...w.__intervals.values()].filter((phase) => phase === 'market');
    const sockets = w.__sockets.filter((s) => s.phase === 'market' && s.socket.readyState !== WebSocket.CLOSED);
    return timers.length === 0 && sockets.length === 0;
  });
  // the page opened one market socket in all
  assert.equal(await p.evaluate(() => (window as unknown as { __sockets: { url: string }[] }).__sockets.filter((s) => s.url.includes('/get2')).length), 1);
});

/** Pixels of the chart canvas within 24 of the up or the down colour (what the candles are painted in). */
const candlePixels = (chart: Locator, colours: { up: string; down: string }) =>
  chart.evaluate(
    (element, [up, down]) => {
      const rgb = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
      const targets = [rgb(up), rgb(down)];
      let count = 0;
      let signature = 0;
      for (const canvas of Array.from(element.querySelectorAll('canvas'))) {
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0 || canvas.height === 0) continue;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3]! < 200) continue;
          if (targets.some(([r, g, b]) => Math.abs(data[i]! - r!) < 24 && Math.abs(data[i + 1]! - g!) < 24 && Math.abs(data[i + 2]! - b!) < 24)) {
            count += 1;
            signature = (signature * 31 + i) % 1_000_000_007;
          }
        }
      }
      return { count, signature };
    },
    [colours.up, colours.down] as const,
  );

test('a K-line popover draws candles for two frames', async () => {
  const p = await signIn('admin', 'admin123');
  await openBoard(p);
  await tickAndSeeChange(p.getByTestId('market-page'));
  await p.locator('.market-flash[data-flash="up"]').first().waitFor();
  await p.locator('.market-flash[data-flash="down"]').first().waitFor();
  const colours = await flashColours(p);

  const kline = (frame: string) =>
    p.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/web/get/kline/data' && url.searchParams.get('granularity') === frame;
    });
  const first = kline('1T');
  // K-lines exist for exchanges 1 and 2 (§9)
  const table = (await tableKeys(p)).find((key) => /^[12]-[12]-/.test(key));
  assert.ok(table, 'a table between exchanges 1 and 2');
  await tableOf(p, table).getByTestId('chart-btc').click();
  const reply = await (await first).json();
  assert.equal(reply.code, 200);
  assert.ok(reply.data.candles.length > 100, `1T: a day of minute candles (${reply.data.candles.length})`);
  const minute = await drawnCandles(p.locator('[role="img"][data-frame="1T"]'), colours);

  const second = kline('1H');
  await p.getByTestId('kline-frames').getByText('1H', { exact: true }).click();
  assert.ok((await (await second).json()).data.candles.length > 100);
  // the chart is the same element with a new frame: its canvas shows the 1T picture until it redraws
  await drawnCandles(p.locator('[role="img"][data-frame="1H"]'), colours, minute);
});

/**
 * Waits until the chart's canvas shows at least 200 pixels in the candle colours and the same picture two
 * frames running (its drawing, animated, has ended), other than `unlike` (the picture it must replace);
 * answers that picture.
 */
async function drawnCandles(chart: Locator, colours: { up: string; down: string }, unlike?: { signature: number }) {
  const deadline = Date.now() + TIMEOUTS.action;
  await chart.locator('canvas').first().waitFor();
  let last = await candlePixels(chart, colours);
  for (;;) {
    await chart.page().waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
    const now = await candlePixels(chart, colours);
    if (now.count >= 200 && now.signature === last.signature && now.signature !== unlike?.signature) return now;
    if (Date.now() > deadline) throw new Error(unlike ? 'the candles are never drawn anew: the canvas still shows the previous frame' : 'no candles drawn');
    last = now;
  }
}

test('the demand table updates live', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/demand');
  const page = p.getByTestId('demand-page');
  await page.locator('[data-feed="demand"][data-feed-state="live"]').waitFor();
  await p.getByTestId('demand-table').nth(1).waitFor(); // admin's two API accounts
  assert.equal(await p.getByTestId('demand-table').first().locator('tbody tr.ant-table-row').count(), 9);
  // demand follows the accounts' books: a trading task's fills move them (server/README.md "Assets")
  await startTradingTask((name, payload) => callOk(p, name, payload), 'e2e demand', 'btc');
  await tickUntilChange(p.getByTestId('demand-table').first(), 30);
  assert.match(await page.locator('[data-feed="demand"]').innerText(), /实时 · (刚刚|\d+ 秒前)/);
});

test('the net spreads follow the fee saved for the API account', async () => {
  const p = await signIn('admin', 'admin123');
  // admin's OKEx account: a delivery taker fee of 0.031 %, saved with the fee dialog's call
  const apis = await callOk<{ id: number; bourse_id: number }[]>(p, 'apiList');
  const okex = apis.find((api) => api.bourse_id === 1)!;
  const fees = await callOk<Record<string, number>>(p, 'apiChargesGet', { apiId: okex.id });
  await callOk(p, 'apiChargesUpdate', { ...fees, apiId: okex.id, fuEatCharges: 0.00031 });

  await openBoard(p);
  // the default board's OKEx quarter / Huobi quarter: admin has an account on both exchanges
  const table = tableOf(p, '1-2-4-4');
  await table.locator('[data-testid="net-fees"] [data-leg="a"][data-rate="0.00031"]').waitFor();
  assert.equal(await table.locator('[data-leg="a"]').getAttribute('data-default'), 'false');
  assert.equal(await table.locator('[data-leg="b"]').getAttribute('data-default'), 'false');
  const feeB = Number(await table.locator('[data-leg="b"]').getAttribute('data-rate'));
  // the gross and the net cell of one row, read at once (a push may come between two reads)
  const row = await table.locator('tbody tr', { hasText: 'BTC' }).evaluate((tr) => {
    const cell = tr.querySelector('td[data-column="positive"]')!;
    return { gross: cell.querySelector('.market-cell')!.textContent ?? '', net: (cell.querySelector('[data-net]') as HTMLElement | null)?.dataset.net ?? '' };
  });
  const gross = Number(row.gross.split('/')[1]!.replace('%', ''));
  // net positive = p − 200 · (fA · (1 + p/100) + fB)   (contract/rules/net-spread.ts)
  const expected = gross - 200 * (0.00031 * (1 + gross / 100) + feeB);
  assert.ok(Math.abs(Number(row.net) - expected) < 1e-6, `net ${row.net} = ${gross} − fees (${expected})`);
});

test("each row's spreads, gross and net, show without scrolling inside its card at 375, 1400 and 1920 px", async () => {
  const p = await signIn('admin', 'admin123');
  await p.setViewportSize({ width: 1400, height: 900 });
  await openBoard(p);
  await p.getByTestId('table-width').getByText('自动', { exact: true }).click(); // an earlier test stores 24/24
  // one load: the grid lays the same board out again at each width
  for (const [width, height, span] of [
    [1400, 900, 12],
    [375, 812, 24],
    [1920, 1080, 8],
  ] as const) {
    await p.setViewportSize({ width, height });
    await p.locator(`[data-testid="market-col"].ant-col-${span}`).first().waitFor();
    // the currency and both spread cells (gross over net) of every row lie within the card's scrolling section
    const outside = await tables(p).evaluateAll((cards) =>
      cards.flatMap((card) => {
        const view = card.querySelector('section')!.getBoundingClientRect();
        return Array.from(card.querySelectorAll('tbody tr.ant-table-row')).flatMap((tr) =>
          ['currency', 'positive', 'negative'].flatMap((column) => {
            const cell = tr.querySelector(`td[data-column="${column}"]`)!.getBoundingClientRect();
            const inside = cell.width > 0 && cell.left >= view.left - 0.5 && cell.right <= view.right + 0.5;
            return inside
              ? []
              : [
                  `${(card as HTMLElement).dataset.table} ${(tr as HTMLElement).dataset.rowKey} ${column}: ${cell.left}–${cell.right} outside ${view.left}–${view.right}`,
                ];
          }),
        );
      }),
    );
    assert.deepEqual(outside, [], `at ${width} px`);
  }
});
