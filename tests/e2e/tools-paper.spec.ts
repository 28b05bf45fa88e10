// The paper-trading pages against the reference server (tools-paper): the admin runs a
// library strategy with a changed parameter on the temporary strategy page, watches its orders come,
// saves the parameters as a new strategy and stops the run; /simulate lists the run with its equity and
// orders; /temp/strategy is the same page outside the console's navigation; /badata shows the
// internal K-lines as a table and a chart.
import { test } from './spec-file';
import assert from 'node:assert/strict';
import { callOk, e2eSuite, until } from './harness';

const { signIn } = e2eSuite();

test('a temporary strategy runs on paper, is saved as a new strategy, and shows on /simulate', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/main/tempStrategy');
  // the parameters of the chosen library strategy: open at any premium (dlt 0), so orders come at once
  const dlt = p.getByTestId('param-dlt');
  await dlt.waitFor();
  await dlt.fill('0');
  await p.getByLabel('运行名称').fill('e2e 试运行');
  await p.getByTestId('paper-start').click();
  await p.waitForURL(/run=\d+/);
  const run = p.getByTestId('paper-run');
  await run.getByText('e2e 试运行').waitFor();
  const count = run.getByTestId('paper-order-count');
  await until('the paper run has orders', async () => Number(await count.textContent()) > 0);
  await run.getByTestId('paper-orders').locator('tbody tr.ant-table-row').first().waitFor();

  // save the run's parameters as a new library strategy
  await run.getByLabel('新策略名称').fill('e2e 新策略');
  await run.getByTestId('paper-save').click();
  await run.getByText('已保存为新策略 e2e 新策略').waitFor();
  const strategies = await callOk<{ name: string; default_params: string }[]>(p, 'strategyHome');
  const saved = strategies.find((s) => s.name === 'e2e 新策略');
  assert.ok(saved);
  assert.equal(JSON.parse(saved.default_params).dlt, 0);

  await run.getByTestId('paper-stop').click();
  await run.getByText('已停止').waitFor();

  await p.goto('/simulate');
  const row = p.getByTestId('paper-runs').locator('tr', { has: p.getByText('e2e 试运行', { exact: true }) });
  await row.getByText('已停止').waitFor();
  await row.getByRole('button', { name: 'e2e 试运行' }).click();
  const detail = p.getByTestId('paper-run');
  await detail.getByText('e2e 试运行').waitFor();
  assert.ok(Number(await detail.getByTestId('paper-order-count').textContent()) > 0);
  await detail.getByTestId('paper-orders').locator('tbody tr.ant-table-row').first().waitFor();
});

test('/temp/strategy is the same page outside the console navigation', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/temp/strategy');
  await p.getByTestId('temp-strategy-page').getByTestId('param-dlt').waitFor();
  assert.equal(await p.getByRole('menu').count(), 0);
});

test('/badata shows internal K-lines as a table and a chart, and a strategy’s paged trades', async () => {
  const p = await signIn('admin', 'admin123');
  await p.goto('/badata');
  await p.getByTestId('badata-kline-table').locator('tbody tr.ant-table-row').first().waitFor();
  await p.getByTestId('badata-kline-chart').getByRole('img').waitFor();
  await p.getByRole('tab', { name: '分页数据' }).click();
  await p.getByTestId('badata-pages-table').locator('tbody tr.ant-table-row').first().waitFor();
});
