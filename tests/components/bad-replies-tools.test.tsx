import { cleanup, screen, waitFor, within } from '@testing-library/react';
import SignalPage from '../../src/features/tools/signal';
import CoinsPage from '../../src/features/tools/coins';
import BinanceTradingPage from '../../src/features/tools/binance/trading';
import BinanceCurrencyPage from '../../src/features/tools/binance/currency';
import AevoPage from '../../src/features/tools/aevo';
import SimulatePage from '../../src/features/tools/paper/simulate';
import TempStrategyPage from '../../src/features/tools/paper/temp-strategy';
import BadataPage from '../../src/features/tools/badata';
import MinerModelsPage from '../../src/features/tools/miner/models';
import MinerComparePage from '../../src/features/tools/miner/compare';
import MinerCalculatorPage from '../../src/features/tools/miner/calculator';
import MobilePage from '../../src/features/tools/mobile';
import type { PaperRun } from '#contract/types/paper';
import type { BinanceAccount } from '#contract/types/binance';
import type { ArbitrageStrategy } from '#contract/types/strategies';
import { feedManager } from '../../src/live/manager';
import { envelope, onCall, server } from './msw';
import { renderPage, userEvent } from './render';
import { taskHandlers, taskPageSetup } from './task-helpers';
import { followTask, strategy } from './unilateral-helpers';
import { buttonIn, choose, describeBadReplies, describeFormBadReplies, type FormCase, type PageCase } from './bad-replies-harness';

/**
 * "Bad replies" of the tool pages: /signal, /coins, /binance/trading,
 * /binance/currency, /aveo, /simulate, the temporary strategy (/main/tempStrategy and /temp/strategy), /badata,
 * the miner pages (/main/mill, /main/mill1, /main/mill2) and /main/mobile: every call they make, reads and
 * writes. A write's reply may be null or anything (contract/reply-shapes.ts holds only reads to a shape), so a
 * write takes those as done: no notice is due, the page must only stay. The harness: ./bad-replies-harness.tsx.
 */

taskPageSetup();
afterEach(() => {
  // unmount first: the pages' own unsubscribes close their feeds inside React's act
  cleanup();
  feedManager.closeAll();
});

/** A write's reply is optional to the console: null or another type is taken as done; `drive` makes it again on the page as it is. */
const WRITE = { accepts: ['null', 'wrongType'], keepPage: true } as const;

const ok = /^确\s*定$/;
const RETRY = /^重\s*试$/;
const NO_BINANCE = '您还没有币安（交易所 3）的 API 账户';
const okIn = (scope: HTMLElement) => buttonIn(scope, ok);
/** Presses OK in the confirm dialog that opened last (modal.confirm). */
async function confirm() {
  const buttons = await screen.findAllByText(ok, { selector: '.ant-modal-confirm-btns button > span' });
  await userEvent.click(buttons.at(-1)!.closest('button')!);
}
async function popconfirm() {
  const popover = await waitFor(() => document.querySelector<HTMLElement>('.ant-popover:not(.ant-popover-hidden)')!);
  await userEvent.click(within(popover).getByRole('button', { name: ok }));
}
// (what the drives press is found by its text or label: role queries compute every button's name and style on antd's DOM, the slow part)
const tab = (name: string) => async () => userEvent.click(await screen.findByText(name, { selector: '[role="tab"]' }));
const press = async (name: RegExp) => userEvent.click(await waitFor(() => buttonIn(document.body, name)));

// /signal
function signalHandlers() {
  server.use(
    onCall('signalList', () =>
      envelope([{ id: 1, strategyId: 1, names: 'trend-btc', coin: 'btc', type: 1, price: 91234.5, qty: 0.25, createtime: '2026-11-25 08:00:00' }]),
    ),
    onCall('unilateralApiList', () => envelope([followTask(7, 1)])),
    onCall('followSignalGet', () => envelope({ apiId: 7, follow: 1 })),
  );
}
const signalPage = { handlers: signalHandlers, ui: () => <SignalPage />, at: { path: '/signal' }, usable: '最新信号' };
async function flipFollowSignal() {
  const toggle = await screen.findByLabelText('api-7 跟随信号');
  await waitFor(() => expect(toggle).toBeEnabled());
  await userEvent.click(toggle);
}

// /coins
function coinsHandlers() {
  server.use(
    onCall('coinRangeGet', () => envelope({ coins: [] })),
    onCall('currencyBlacklistGet', () => envelope({ coins: ['eth'] })),
  );
}
const coinsPage = { handlers: coinsHandlers, ui: () => <CoinsPage />, at: { path: '/coins' }, usable: '可交易币种' };
async function addCoinToBoth() {
  for (const card of ['coins-range', 'coins-blacklist']) {
    const scope = await screen.findByTestId(card);
    await choose(scope, '选择币种', 'BTC');
    await userEvent.click(buttonIn(scope, /^添\s*加$/));
  }
}

// /binance/trading and /binance/currency
const BINANCE: BinanceAccount = {
  apiId: 7,
  name: 'Binance-单边1',
  leverage: 20,
  follow: { strategyId: 1, strategyName: 'BTC 趋势跟踪', status: 1, equity: 10_050 },
  positions: [{ coin_names: 'BTC', position: 0.5, cost: 60_000, ratio: 3, type: 1, price: 61_000, notional: 30_500, margin: 1525 }],
};
function binanceHandlers() {
  server.use(
    onCall('binanceAccounts', () => envelope([BINANCE])),
    onCall('binanceBlacklistGet', () => envelope({ coins: ['btc'] })),
  );
}
const tradingPage = { handlers: binanceHandlers, ui: () => <BinanceTradingPage />, at: { path: '/binance/trading' }, usable: '币安交易' };
const currencyPage = { handlers: binanceHandlers, ui: () => <BinanceCurrencyPage />, at: { path: '/binance/currency' }, usable: '币安币种黑名单' };
async function changeLeverage() {
  const input = await screen.findByLabelText('新杠杆倍数');
  await userEvent.clear(input);
  await userEvent.type(input, '5');
  await press(/^修改杠杆$/);
  await confirm();
}
async function adjustAndTrigger() {
  await userEvent.type(await screen.findByLabelText('目标持仓（币数，负数为空头）'), '1');
  await press(/^手动调仓$/);
  await confirm();
  await press(/^独立触发$/);
  await confirm();
}
async function addAndRemoveBlacklisted() {
  const page = await screen.findByTestId('binance-currency');
  await within(page).findByText('BTC');
  await choose(page, '币种', 'ETH');
  await userEvent.click(buttonIn(page, /^加入黑名单$/));
  await userEvent.click(within(page).getByLabelText('移出 BTC'));
  await confirm();
}

// /aveo
const aevoPage = {
  handlers: () => server.use(onCall('aevoTradeData', () => envelope({ list: [], total: 0, syncedAt: '' }))),
  ui: () => <AevoPage />,
  at: { path: '/aveo' },
  usable: '立即同步',
};

// /simulate and the temporary strategy
const STRATEGY = {
  id: 1,
  strategy_sole_id: 'a2',
  name: 'arbitrage 2',
  initial_money: 100000,
  updatetime: '',
  default_params: JSON.stringify({ dlt: 0.004 }),
  main_file: 'main_a2.py',
  rely_on_files: [],
} as ArbitrageStrategy;
const RUN: PaperRun = {
  id: 7,
  name: 'run 7',
  strategy_id: 1,
  strategy_name: 'arbitrage 2',
  params: { dlt: 0.004 },
  demo: false,
  running: true,
  started_at: '2026-11-25 10:00:00',
  stepped_at: '2026-11-25 10:10:00',
  ends_at: '2026-11-25 11:10:00',
  initial: 10000,
  equity: 9990.5,
  pnl: 2.5,
  fees: 12,
  open_pnl: 0,
  orders: 0,
  position: [],
  curve: [],
};
function paperHandlers() {
  server.use(
    onCall('strategyHome', () => envelope([STRATEGY])),
    onCall('simulatedData', () => envelope({ list: [RUN], total: 1 })),
    onCall('simulatedOrderDetail', () => envelope({ list: [], total: 0 })),
  );
}
const simulatePage = { handlers: paperHandlers, ui: () => <SimulatePage />, at: { path: '/simulate' }, usable: '模拟交易' };
const tempPage = { handlers: paperHandlers, ui: () => <TempStrategyPage />, at: { path: '/main/tempStrategy' }, usable: '开始模拟' };
const tempRunPage = { ...tempPage, at: { path: '/main/tempStrategy?run=7', pattern: '/main/tempStrategy' } };
async function startRun() {
  // the form is drawn again for the strategy chosen once the library is read
  await waitFor(() => expect(screen.getByTestId('paper-start')).toBeEnabled());
  await userEvent.click(screen.getByTestId('paper-start'));
}
async function stopAndSave() {
  await userEvent.click(await screen.findByTestId('paper-stop'));
  const save = screen.getByTestId('paper-save');
  await waitFor(() => expect(save).toBeEnabled());
  await userEvent.click(save);
}

// /badata
function badataHandlers() {
  server.use(
    onCall('unilateralStrategyList', () => envelope([strategy(1, 'trend-btc')])),
    onCall('internalKline', () => envelope([])),
    onCall('strategyData', () => envelope({ assets: [], position: [], trade: [], position_len: 0, trade_len: 0 })),
    onCall('pagesData', () => envelope({ list: [], total: 0 })),
    onCall('unilateralApiList', () => envelope([followTask(7, 1)])),
    onCall('apiData', () => envelope({ apiId: 7, strategy_id: 1, status: 1, equity: 1100, initial_cost: 1000, earnings: 100, position: [] })),
  );
}
const badataPage = { handlers: badataHandlers, ui: () => <BadataPage />, at: { path: '/badata' }, usable: '基础数据' };

// the miner pages
const MODELS = [{ id: 1, name: 'Antminer S21', hashrate: 200, power: 3500 }];
function minerHandlers() {
  server.use(
    onCall('minerModels', () => envelope(MODELS)),
    onCall('minerNetwork', () => envelope({ difficulty: 150e12, blockReward: 3.125, coinPrice: 90_000 })),
  );
}
/** Opens the add dialog of /main/mill and fills it in with a model named `name`. */
async function fillModelDialog(name: string) {
  await press(/添加型号/);
  const [title] = await screen.findAllByText('添加矿机型号', { selector: '.ant-modal-title' });
  const dialog = title!.closest('.ant-modal') as HTMLElement;
  await userEvent.type(within(dialog).getByLabelText('型号'), name);
  await userEvent.type(within(dialog).getByLabelText('算力 (TH/s)'), '300');
  await userEvent.type(within(dialog).getByLabelText('功耗 (W)'), '3000');
  return dialog;
}
const addModel = async () => userEvent.click(okIn(await fillModelDialog('S23')));
async function deleteModel() {
  await userEvent.click(await screen.findByLabelText('删除 Antminer S21'));
  await popconfirm();
}

// /main/mobile
const mobilePage = {
  handlers: () => {
    taskHandlers();
    server.use(onCall('apiList', () => envelope([])));
  },
  ui: () => <MobilePage />,
  at: { path: '/main/mobile' },
  usable: '移动端概览',
};

const PAGES: PageCase[] = [
  { name: 'signal lists', ...signalPage, calls: ['signalList', 'unilateralApiList'] },
  { name: 'signal follow setting', ...signalPage, calls: ['followSignalGet'] },
  { name: 'signal follow save', ...signalPage, drive: flipFollowSignal, calls: ['followSignalSave'], ...WRITE },
  { name: 'coins lists', ...coinsPage, calls: ['coinRangeGet', 'currencyBlacklistGet'] },
  { name: 'coins saves', ...coinsPage, drive: addCoinToBoth, calls: ['coinRangeSave', 'currencyBlacklistSave'], ...WRITE },
  // without its account list the page says the failure with a retry, not "no Binance account"
  { name: 'binance accounts', ...tradingPage, calls: ['binanceAccounts'], usable: RETRY, untrue: NO_BINANCE },
  { name: 'binance accounts (currency)', ...currencyPage, calls: ['binanceAccounts'], usable: RETRY, untrue: NO_BINANCE },
  { name: 'binance leverage', ...tradingPage, drive: changeLeverage, calls: ['binanceLeverage'], ...WRITE },
  { name: 'binance adjust and trigger', ...tradingPage, drive: adjustAndTrigger, calls: ['followAdjustPosition', 'followIndependentTrigger'], ...WRITE },
  { name: 'binance blacklist', ...currencyPage, calls: ['binanceBlacklistGet'] },
  {
    name: 'binance blacklist add and remove',
    ...currencyPage,
    drive: addAndRemoveBlacklisted,
    calls: ['binanceBlacklistSave', 'binanceBlacklistDelete'],
    ...WRITE,
  },
  { name: 'aevo fills', ...aevoPage, calls: ['aevoTradeData'] },
  {
    name: 'aevo sync',
    ...aevoPage,
    drive: async () => press(/立即同步/),
    calls: ['aevoTradeUpdate'],
    ...WRITE,
  },
  { name: 'simulate runs', ...simulatePage, calls: ['simulatedData'] },
  { name: 'simulate orders', ...simulatePage, calls: ['simulatedOrderDetail'] },
  { name: 'temp strategy library', ...tempPage, at: { path: '/temp/strategy' }, calls: ['strategyHome'] },
  // its orders are the table of /simulate (simulate orders)
  { name: 'temp strategy run', ...tempRunPage, calls: ['simulatedData'] },
  { name: 'temp strategy start', ...tempPage, drive: startRun, calls: ['paperStart'], ...WRITE },
  { name: 'temp strategy stop and save', ...tempRunPage, drive: stopAndSave, calls: ['paperStop', 'strategySaveFiles'], ...WRITE },
  { name: 'badata strategies', ...badataPage, calls: ['unilateralStrategyList'] },
  {
    name: 'badata strategy tabs',
    ...badataPage,
    drive: async () => {
      await tab('策略数据')();
      await tab('分页数据')();
    },
    calls: ['internalKline', 'strategyData', 'pagesData'],
  },
  { name: 'badata API list', ...badataPage, drive: tab('API 数据'), calls: ['unilateralApiList'] },
  { name: 'badata API data', ...badataPage, drive: tab('API 数据'), calls: ['apiData'] },
  { name: 'miner models', handlers: minerHandlers, ui: () => <MinerModelsPage />, at: { path: '/main/mill' }, calls: ['minerModels'], usable: '添加型号' },
  {
    name: 'miner model save',
    handlers: minerHandlers,
    ui: () => <MinerModelsPage />,
    at: { path: '/main/mill' },
    drive: addModel,
    calls: ['minerModelSave'],
    usable: '添加型号',
    ...WRITE,
  },
  {
    name: 'miner model delete',
    handlers: minerHandlers,
    ui: () => <MinerModelsPage />,
    at: { path: '/main/mill' },
    drive: deleteModel,
    calls: ['minerModelDelete'],
    usable: '添加型号',
    ...WRITE,
  },
  {
    name: 'miner compare',
    handlers: minerHandlers,
    ui: () => <MinerComparePage />,
    at: { path: '/main/mill1' },
    calls: ['minerModels', 'minerNetwork'],
    usable: '矿机对比',
  },
  {
    name: 'miner calculator',
    handlers: minerHandlers,
    ui: () => <MinerCalculatorPage />,
    at: { path: '/main/mill2' },
    calls: ['minerNetwork'],
    usable: 'BTC 矿机计算器',
  },
  // the running tasks and the asset totals say a failed list with a retry, not "none running" or "no API yet"
  { name: 'mobile', ...mobilePage, calls: ['taskList', 'apiList'], usable: RETRY, untrue: /没有运行中的任务|还没有 API 账户/ },
];

describeBadReplies(PAGES);

/** The tool pages' forms (the leverage change is sent from a confirm: its bad replies are in the table above). */
const FORMS: FormCase[] = [
  {
    name: 'miner model add',
    call: 'minerModelSave',
    open: async (typed) => {
      minerHandlers();
      renderPage(<MinerModelsPage />, { path: '/main/mill' });
      const dialog = await fillModelDialog(`S2${typed}`);
      return { field: () => within(dialog).getByLabelText('型号'), submit: () => okIn(dialog) };
    },
  },
  {
    name: 'binance blacklist add',
    call: 'binanceBlacklistSave',
    open: async () => {
      binanceHandlers();
      renderPage(<BinanceCurrencyPage />, { path: '/binance/currency' });
      const page = await screen.findByTestId('binance-currency');
      await within(page).findByText('BTC');
      await choose(page, '币种', 'ETH');
      return { field: () => within(page).getByTitle('ETH'), submit: () => buttonIn(page, /^加入黑名单$/) };
    },
  },
  {
    name: 'coin range add',
    call: 'coinRangeSave',
    open: async () => {
      coinsHandlers();
      renderPage(<CoinsPage />, { path: '/coins' });
      const card = await screen.findByTestId('coins-range');
      await choose(card, '选择币种', 'BTC');
      return { field: () => within(card).getByTitle('BTC'), submit: () => buttonIn(card, /^添\s*加$/) };
    },
  },
  {
    name: 'temporary strategy start',
    call: 'paperStart',
    open: async (typed) => {
      paperHandlers();
      renderPage(<TempStrategyPage />, { path: '/main/tempStrategy' });
      const param = await screen.findByTestId('param-dlt');
      await userEvent.clear(param);
      await userEvent.type(param, `0.00${typed}`);
      return { field: () => screen.getByTestId('param-dlt'), submit: () => screen.getByTestId('paper-start') };
    },
  },
];

describeFormBadReplies(FORMS);
