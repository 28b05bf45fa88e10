// /statistic against the reference server after the task engine has traded: the cards
// update live from the statistics socket, the query panel filters by task and its CSV holds those
// orders, the paged list's jump-to-page and prev/next say what §8 says.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { startTradingTask, type DataCall } from '../server/order-fixtures';
import { callOk, e2eSuite, taskSettled, until, whileWatching } from './harness';

const suite = e2eSuite();
const { signIn } = suite;

/** Stops the tasks and waits until their last orders are written (the engine has nothing under way). */
async function stopAndSettle(p: Page, taskIds: number[]): Promise<void> {
  for (const taskId of taskIds) await callOk(p, 'taskStatusUpdate', { taskId, settingStatus: 4 });
  for (const taskId of taskIds) {
    await until(`task ${taskId} stopped`, async () => (await callOk<{ status: number }>(p, 'taskStatusDetection', { taskId })).status === 4);
    await taskSettled(suite.app, taskId);
  }
}

const cardPool = async (p: Page, currency: string) =>
  (await p.getByTestId(`card-${currency}`).locator('.ant-descriptions-item-content').first().innerText()).trim();

test('after the engine has traded: live cards, the query by task, its CSV, and the paged list’s messages', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/home');
  const pageCall: DataCall = (name, payload) => callOk(p, name, payload);
  const { taskId: btcTask } = await startTradingTask(pageCall, 'e2e btc', 'btc');
  const { taskId: ethTask } = await startTradingTask(pageCall, 'e2e eth', 'eth');

  // live: the btc card's pool (automatic) leaves 0.00 and keeps moving while the page stays
  await p.goto('/statistic');
  await p.getByTestId('card-btc').waitFor();
  await p.waitForFunction(() => {
    const cell = document.querySelector('[data-testid="card-btc"] .ant-descriptions-item-content');
    return cell !== null && cell.textContent !== '0.00';
  });
  const first = await cardPool(p, 'btc');
  await p.waitForFunction((before) => document.querySelector('[data-testid="card-btc"] .ant-descriptions-item-content')?.textContent !== before, first);
  assert.notEqual(await cardPool(p, 'eth'), '0.00', 'the eth task traded too');
  assert.equal(await p.locator('[data-feed="statistics"]').getAttribute('data-feed-state'), 'live');

  // the query panel: only the btc task's orders
  await p.getByRole('tab', { name: '订单查询' }).click();
  const tasks = p.getByLabel('任务ID');
  await tasks.fill(String(btcTask));
  await tasks.press('Enter');
  const sdc = p.waitForResponse((r) => new URL(r.url()).pathname === '/web/query/order/SDC');
  await p.getByRole('button', { name: /查\s*询/ }).click();
  const reply = (await (await sdc).json()) as { data: { order: { task_id: number; order_id: number }[] } };
  assert.equal(new URL((await sdc).url()).searchParams.get('tasks'), JSON.stringify([0, btcTask]));
  const orders = reply.data.order;
  assert.ok(orders.length > 0, 'the btc task has orders today');
  assert.ok(
    orders.every((o) => o.task_id === btcTask),
    'only the btc task',
  );
  const table = p.locator('.ant-table-wrapper', { has: p.getByText('订单', { exact: true }) });
  const taskCells = await table.locator('tbody tr.ant-table-row td:nth-child(4)').allInnerTexts();
  assert.ok(taskCells.length > 0 && taskCells.every((c) => c === String(btcTask)), `task column: ${taskCells.join(',')}`);
  assert.ok(!taskCells.includes(String(ethTask)));

  // the CSV holds exactly those orders, in the table's order and columns
  const download = p.waitForEvent('download');
  await p.getByRole('button', { name: /导出CSV/ }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  assert.equal(lines[0]!.split(',')[0], '客户端ID');
  assert.equal(lines[0]!.split(',').length, 17);
  assert.equal(lines.length - 1, orders.length);
  const rows = lines.slice(1).map((l) => l.split(','));
  assert.deepEqual(
    rows.map((r) => r[3]),
    orders.map(() => String(btcTask)),
  );
  assert.deepEqual(
    rows.map((r) => r[16]),
    orders.map((o) => String(o.order_id)),
  );

  // the paged list: first page, jump validation, an empty page, the last page — with the engine stopped,
  // so the last page stays the last
  await stopAndSettle(p, [btcTask, ethTask]);
  await p.getByRole('tab', { name: '订单列表' }).click();
  const indicator = p.getByTestId('page-indicator');
  await indicator.waitFor();
  await whileWatching(p.getByText('已经是第一页了!'), () => p.getByRole('button', { name: /上一页/ }).click());
  const jump = p.getByLabel('页码');
  await jump.fill('2a');
  await whileWatching(p.getByText('请输入数字'), () => p.getByRole('button', { name: /跳\s*转/ }).click());
  await jump.fill('99999');
  await whileWatching(p.getByText('没有更多数据了!'), () => p.getByRole('button', { name: /跳\s*转/ }).click());
  assert.match(await indicator.innerText(), /^第 1 \/ \d+ 页$/, 'an empty page leaves the list where it was');
  const total = Number(/\/ (\d+) 页/.exec(await indicator.innerText())![1]);
  await jump.fill(String(total));
  await p.getByRole('button', { name: /跳\s*转/ }).click();
  await p.getByText(`第 ${total} / `).waitFor();
  await whileWatching(p.getByText('已经是最后一页了!'), () => p.getByRole('button', { name: /下一页/ }).click());
});
