import { screen, waitFor, within } from '@testing-library/react';
import MinerCalculatorPage from '../../src/features/tools/miner/calculator';
import MinerModelsPage from '../../src/features/tools/miner/models';
import type { MinerModel } from '#contract/types/miner';
import { envelope, onCall, server } from './msw';
import { renderPage, userEvent } from './render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const network = { difficulty: 150e12, blockReward: 3.125, coinPrice: 90_000 };
const models: MinerModel[] = [
  { id: 1, name: 'Antminer S21', hashrate: 200, power: 3500 },
  { id: 2, name: 'Antminer S19k Pro', hashrate: 120, power: 2760 },
];

describe('miner calculator page', () => {
  it("opens on a model from its address, takes the server's network figures and shows the hand-worked results", async () => {
    server.use(onCall('minerNetwork', () => envelope(network)));
    renderPage(<MinerCalculatorPage />, { path: '/main/mill2?model=Antminer+S21&hashrate=200&power=3500' });
    expect(screen.getByText('矿机：Antminer S21')).toBeInTheDocument();
    // electricity 0.06 and pool fee 2 % are the starting values: the case of tests/unit/miner.test.ts
    await waitFor(() => expect(screen.getByTestId('miner-daily-profit')).toHaveTextContent('2.3528'));
    await waitFor(() => expect(screen.getByTestId('miner-input-coinPrice')).toHaveValue('90000'));
    expect(screen.getByTestId('miner-monthly-electricity')).toHaveTextContent('151.2000');
  });

  it("keeps a value the user typed when the server's figures arrive later, and names a wrong one", async () => {
    let answer: (() => void) | undefined;
    server.use(onCall('minerNetwork', () => new Promise((resolve) => (answer = () => resolve(envelope(network))))));
    renderPage(<MinerCalculatorPage />, { path: '/main/mill2' });
    await userEvent.type(screen.getByTestId('miner-input-coinPrice'), '100000');
    await waitFor(() => expect(answer).toBeDefined());
    answer!();
    await waitFor(() => expect(screen.getByTestId('miner-input-difficulty')).toHaveValue(String(150e12)));
    expect(screen.getByTestId('miner-input-coinPrice')).toHaveValue('100000');
    expect(screen.getByText('请先修正标红的参数，结果会随输入即时更新。')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('miner-input-poolFee'), '{Backspace}100');
    expect(await screen.findByText('矿池费率 (%)须在 0 到 100 之间（不含 100）')).toBeInTheDocument();
  });
});

describe('miner model table', () => {
  it('keeps the dialog open with what was typed when the save fails, and closes it after a save that succeeds', async () => {
    let list = models;
    const saves: Record<string, unknown>[] = [];
    server.use(
      onCall('minerModels', () => envelope(list)),
      onCall('minerModelSave', ({ payload }) => {
        saves.push(payload);
        if (payload.name === 'Antminer S21') return envelope(null, 400, '已有名为 Antminer S21 的矿机型号');
        list = list.map((m) => (m.id === payload.id ? { ...m, ...(payload as Partial<MinerModel>) } : m));
        return envelope(payload);
      }),
    );
    renderPage(<MinerModelsPage />, { path: '/main/mill' });
    const link = await screen.findByRole('link', { name: '在计算器中打开 Antminer S19k Pro' });
    expect(link).toHaveAttribute('href', '/main/mill2?model=Antminer+S19k+Pro&hashrate=120&power=2760');

    await userEvent.click(screen.getByRole('button', { name: '编辑 Antminer S19k Pro' }));
    const dialog = (await screen.findByText('编辑矿机型号：Antminer S19k Pro', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    const name = within(dialog).getByLabelText('型号');
    await userEvent.clear(name);
    await userEvent.type(name, 'Antminer S21');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    expect(await screen.findByText('已有名为 Antminer S21 的矿机型号')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('型号')).toHaveValue('Antminer S21');

    await userEvent.clear(name);
    await userEvent.type(name, 'S19k Pro tuned');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s?定/ }));
    expect(await screen.findByText('S19k Pro tuned')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('编辑矿机型号：Antminer S19k Pro', { selector: '.ant-modal-title' })).not.toBeInTheDocument());
    expect(saves.at(-1)).toMatchObject({ id: 2, name: 'S19k Pro tuned', hashrate: 120, power: 2760 });
  });
});
