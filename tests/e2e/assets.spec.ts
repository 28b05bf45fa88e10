// /assets against the reference server: after the task engine has traded, the page shows
// non-zero positions whose sum matches the summary; switching between all APIs and one changes the
// numbers and the ids the asset socket sends; the borrow tab shows records or its empty text; a user
// without an API is sent to /api.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { endpoints } from '#contract/endpoints';
import { callOk, e2eSuite, startTradingTask } from './harness';

const { signIn, open } = e2eSuite();

interface Shown {
  netAssets: number;
  totalPosition: number;
  /** Σ self_worth of the rows, Σ |P_*| × price of the rows */
  rowsWorth: number;
  rowsPosition: number;
  rowsPositionSlack: number;
  btcQuarter: number;
}

/**
 * What the page shows now, read in one go (the numbers change with every socket message). A string, so
 * the test runner's transform adds no helpers the page does not have.
 */
const SHOWN = `(() => {
  const number = (text) => Number((text || '').replace(/,/g, '').trim());
  const figure = (key) => number(document.querySelector('[data-testid="summary-' + key + '"] .ant-statistic-content')?.textContent);
  const table = Array.from(document.querySelectorAll('.ant-table')).find((t) => Array.from(t.querySelectorAll('th')).some((th) => th.textContent.trim() === 'P_CQ'));
  const headers = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent.trim());
  const rows = Array.from(table.querySelectorAll('tbody tr.ant-table-row')).map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent.trim()));
  const column = (row, name) => number(row[headers.indexOf(name)]);
  const kinds = ['P_CW', 'P_NW', 'P_CQ', 'P_NQ', 'P_CS'];
  return {
    netAssets: figure('netAssets'),
    totalPosition: figure('totalPosition'),
    rowsWorth: rows.reduce((sum, row) => sum + column(row, '自有价值'), 0),
    rowsPosition: rows.reduce((sum, row) => sum + kinds.reduce((s, k) => s + Math.abs(column(row, k)) * column(row, '价格'), 0), 0),
    // what the shown decimals can hide: half a unit of a quantity's 6th decimal at the price, and of the price's 4th at the quantity
    rowsPositionSlack: rows.reduce((sum, row) => sum + kinds.reduce((s, k) => s + (column(row, k) === 0 ? 0 : 0.5e-6 * column(row, '价格') + 0.5e-4 * Math.abs(column(row, k))), 0), 0),
    btcQuarter: column(rows.find((row) => row[0] === 'BTC') || [], 'P_CQ'),
  };
})()`;
const shown = (p: Page): Promise<Shown> => p.evaluate(SHOWN) as Promise<Shown>;

test('after the engine has traded, /assets shows the positions; all APIs ↔ one changes the numbers and the socket’s ids; borrow tab', async () => {
  const p = await signIn('admin', 'admin123');
  // the ids of every subscription the page sends on the asset socket; `sending(ids)` resolves once it sent those
  const sent: string[] = [];
  const watchers: { ids: string; resolve: () => void }[] = [];
  const idsOf = (frame: string) => JSON.stringify(((JSON.parse(frame) as { data?: number[] }).data ?? []).slice().sort((a, b) => a - b));
  p.on('websocket', (ws) => {
    if (!ws.url().includes('/asset/get')) return;
    ws.on('framesent', (frame) => {
      const ids = idsOf(String(frame.payload));
      sent.push(ids);
      watchers
        .filter((w) => w.ids === ids)
        .forEach((w) => {
          w.resolve();
        });
    });
  });
  const sending = (ids: number[]) => {
    const wanted = JSON.stringify(ids.slice().sort((a, b) => a - b));
    return sent.includes(wanted) ? Promise.resolve() : new Promise<void>((resolve) => watchers.push({ ids: wanted, resolve }));
  };
  await startTradingTask(p, 'e2e assets');
  const apis = await callOk<{ id: number; name: string }[]>(p, 'apiList');
  await p.goto('/assets');
  await p.getByRole('heading', { name: '权益' }).waitFor();

  // the engine fills within seconds; the page shows it at the next socket message (every 3 s)
  await p.waitForFunction(
    () => Number((document.querySelector('[data-testid="summary-totalPosition"] .ant-statistic-content')?.textContent || '0').replace(/,/g, '')) > 0,
  );
  const all = await shown(p);
  assert.ok(all.btcQuarter !== 0, `BTC quarter position shown: ${all.btcQuarter}`);
  assert.ok(
    Math.abs(all.rowsPosition - all.totalPosition) <= 0.005 + all.rowsPositionSlack,
    `Σ positions ${all.rowsPosition} = total position ${all.totalPosition}`,
  );
  assert.ok(Math.abs(all.rowsWorth - all.netAssets) < 0.01, `Σ self_worth ${all.rowsWorth} = net assets ${all.netAssets}`);
  await sending(apis.map((a) => a.id)); // 'all APIs' subscribes every id

  // one API: the socket is sent its id alone and the numbers are that account's
  const huobi = apis.find((a) => a.name === 'Huobi-对冲')!;
  await Promise.all([sending([huobi.id]), p.getByRole('menuitem', { name: 'Huobi-对冲' }).click()]);
  await p.getByRole('tab', { name: '手动交易' }).waitFor(); // manual trading only with one API selected
  await p.waitForFunction(
    (before) =>
      Math.abs(Number((document.querySelector('[data-testid="summary-netAssets"] .ant-statistic-content')?.textContent || '0').replace(/,/g, '')) - before) > 1,
    all.netAssets,
  );
  const one = await shown(p);
  assert.ok(one.netAssets < all.netAssets, `one API (${one.netAssets}) shows less than all (${all.netAssets})`);
  assert.ok(Math.abs(one.rowsWorth - one.netAssets) < 0.01, 'one API: Σ self_worth = net assets');
  assert.ok(one.btcQuarter !== 0, 'the futures leg account holds the quarter position');

  // back to all APIs: the manual tab goes, the borrow tab shows records or its empty text
  await p.getByRole('menuitem', { name: '全部API' }).click();
  await p.getByRole('tab', { name: '手动交易' }).waitFor({ state: 'detached' });
  await p.getByRole('tab', { name: '借币记录' }).click();
  await p.locator('[data-testid="borrow-records"] li').or(p.getByText('暂无借币记录')).first().waitFor();
  // transfer records: the opening deposits
  await p.getByRole('tab', { name: '划转记录' }).click();
  await p.getByRole('cell', { name: '入金' }).first().waitFor();
});

test('a user without an API sees the empty state that links to /api', async () => {
  const p = await open();
  const username = 'e2e_noapi_1';
  const reply = await (await p.request.post(endpoints.register.path, { data: { username, password: 'secret123', telPhone: '' } })).json();
  assert.equal(reply.code, 200, reply.info);
  const signedIn = await signIn(username, 'secret123');
  await signedIn.goto('/assets');
  await signedIn.getByText('您还没有API').waitFor();
  await signedIn.getByRole('button', { name: '去添加API' }).click();
  await signedIn.waitForURL((url) => url.pathname === '/api');
});
