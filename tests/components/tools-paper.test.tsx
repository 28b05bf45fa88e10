import { screen, waitFor, within } from '@testing-library/react';
import type { PaperOrder, PaperRun } from '#contract/types/paper';
import type { ArbitrageStrategy } from '#contract/types/strategies';
import { parseStrategyHeader } from '#contract/rules/strategy-file';
import SimulatePage from '../../src/features/tools/paper/simulate';
import TempStrategyPage from '../../src/features/tools/paper/temp-strategy';
import { envelope, onCall, recordCall, server } from './msw';
import { renderPage, traderSession, userEvent } from './render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const STRATEGY: ArbitrageStrategy = {
  id: 1,
  strategy_sole_id: 'a2',
  name: 'arbitrage 2',
  initial_money: 100000,
  updatetime: '2026-11-25 10:00:00',
  default_params: JSON.stringify({ dlt: 0.004, close_dlt: 0.001, m: { CW: 1, CQ: 2 } }),
  main_file: 'main_a2.py',
  rely_on_files: [],
};

const runOf = (id: number, extra: Partial<PaperRun> = {}): PaperRun => ({
  id,
  name: `run ${id}`,
  strategy_id: 1,
  strategy_name: 'arbitrage 2',
  params: { dlt: 0, close_dlt: 0.001, m: { CW: 1, CQ: 2 } },
  demo: false,
  running: false,
  started_at: '2026-11-25 10:00:00',
  stepped_at: '2026-11-25 10:10:00',
  ends_at: '2026-11-25 10:10:00',
  initial: 10000,
  equity: 9990.5,
  pnl: 2.5,
  fees: 12,
  open_pnl: 0,
  orders: 2,
  position: [],
  curve: [
    { at: '2026-11-25 10:00:00', equity: 10000 },
    { at: '2026-11-25 10:10:00', equity: 9990.5 },
  ],
  ...extra,
});

const order = (client_id: string): PaperOrder => ({
  client_id,
  pairing_id: 'p1',
  createtime: '2026-11-25 10:00:01',
  leg: 0,
  instrument_id: 'BTC-USDT',
  bourse_name: 'OKX',
  direction: 'f',
  action: 'open',
  otype: 'buy',
  order_type: 'auto',
  status_: 3,
  price: 100,
  amount: 0.5,
  deal_price: 100.1,
  deal_amount: 0.5,
  fee: 0.05,
});

const runs = (list: PaperRun[]) =>
  onCall('simulatedData', ({ payload }) => envelope({ list: payload.runId ? list.filter((r) => r.id === Number(payload.runId)) : list, total: list.length }));

describe('temporary strategy page', () => {
  it('runs the chosen strategy with a changed parameter and saves the run’s parameters as a new strategy', async () => {
    const start = recordCall('paperStart', runOf(7, { running: false }));
    const save = recordCall('strategySaveFiles', { ...STRATEGY, id: 2, name: 'my try' });
    server.use(
      onCall('strategyHome', () => envelope([STRATEGY])),
      start.handler,
      save.handler,
      runs([runOf(7)]),
      onCall('simulatedOrderDetail', () => envelope({ list: [order('7-1-1a')], total: 1 })),
    );
    renderPage(<TempStrategyPage />, { path: '/main/tempStrategy', pattern: '/main/tempStrategy' });
    const dlt = await screen.findByTestId('param-dlt');
    expect(dlt).toHaveValue('0.004');
    expect(screen.getByTestId('param-m')).toHaveValue('{"CW":1,"CQ":2}');
    await userEvent.clear(dlt);
    await userEvent.type(dlt, '0');
    await userEvent.click(screen.getByTestId('paper-start'));
    await waitFor(() => expect(start.calls).toHaveLength(1));
    expect(start.calls[0]!.strategyId).toBe(1);
    expect(JSON.parse(String(start.calls[0]!.params))).toEqual({ dlt: 0, close_dlt: 0.001, m: { CW: 1, CQ: 2 } });

    const run = await screen.findByTestId('paper-run');
    expect(within(run).getByTestId('paper-equity')).toHaveTextContent('9990.50');
    expect(await within(run).findByText('OKX BTC-USDT')).toBeInTheDocument();

    const name = within(run).getByLabelText('新策略名称');
    await waitFor(() => expect(name).toBeEnabled());
    await userEvent.clear(name);
    await userEvent.type(name, 'my try');
    await userEvent.click(within(run).getByTestId('paper-save'));
    await waitFor(() => expect(save.calls).toHaveLength(1));
    expect(save.calls[0]!.strategyName).toBe('my try');
    expect(JSON.parse(String(save.calls[0]!.defaultParams))).toEqual(runOf(7).params);
    // the main file carries the parameters in its §5 header, as any upload
    const file = save.calls[0]!.file as File;
    expect(parseStrategyHeader(await file.text())).toEqual(runOf(7).params);
    expect(await within(run).findByText('已保存为新策略 my try')).toBeInTheDocument();
  });

  it('keeps the typed name when the save fails, and offers no save to a user who may not add strategies', async () => {
    server.use(
      onCall('strategyHome', () => envelope([STRATEGY])),
      runs([runOf(7)]),
      onCall('simulatedOrderDetail', () => envelope({ list: [], total: 0 })),
      onCall('strategySaveFiles', () => envelope(null, 403, 'no permission')),
    );
    const view = renderPage(<TempStrategyPage />, { path: '/main/tempStrategy?run=7', pattern: '/main/tempStrategy' });
    const run = await screen.findByTestId('paper-run');
    const name = within(run).getByLabelText('新策略名称');
    await waitFor(() => expect(name).toBeEnabled());
    await userEvent.clear(name);
    await userEvent.type(name, 'kept');
    await userEvent.click(within(run).getByTestId('paper-save'));
    expect(await screen.findByText(/no permission/)).toBeInTheDocument();
    expect(name).toHaveValue('kept');
    view.unmount();

    renderPage(<TempStrategyPage />, { path: '/temp/strategy?run=7', pattern: '/temp/strategy', session: traderSession });
    const shown = await screen.findByTestId('paper-run');
    await waitFor(() => expect(within(shown).getByTestId('paper-save')).toBeDisabled());
  });
});

describe('simulation page', () => {
  it('lists the paper runs with their ledger and shows the chosen run’s orders', async () => {
    const details = recordCall('simulatedOrderDetail', { list: [order('8-1-1a'), order('8-1-1b')], total: 2 });
    server.use(runs([runOf(9, { name: 'second', demo: true }), runOf(8, { name: 'first' })]), details.handler);
    renderPage(<SimulatePage />, { path: '/simulate', pattern: '/simulate' });
    const table = await screen.findByTestId('paper-runs');
    const row = (await within(table).findByText('first')).closest('tr')!;
    expect([...row.querySelectorAll('td')].slice(4, 9).map((td) => td.textContent)).toEqual(['9990.50', '2.50', '12.00', '0.00', '2']);
    expect(within(table).getByText('演示')).toBeInTheDocument();
    // the newest run is shown first; choosing another shows its orders
    expect(await screen.findByTestId('paper-run')).toHaveTextContent('second');
    await userEvent.click(within(row).getByRole('button', { name: 'first' }));
    await waitFor(() => expect(screen.getByTestId('paper-run')).toHaveTextContent('first'));
    await waitFor(() => expect(details.calls.some((c) => c.runId === '8')).toBe(true));
  });
});
