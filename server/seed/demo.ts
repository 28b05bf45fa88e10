import { randomBytes } from 'node:crypto';
import { hashPassword, type ScryptCost } from '../http/auth';
import type { SecretBox } from '../store/secret-box';
import { seededRng } from '../clock/random';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import type { Db } from '../store/queryable';
import { insertApi, insertChartPoints, type ChartPointRow } from '../store/api-accounts';
import { insertBourses } from '../store/bourses';
import { DEFAULT_ADVANCED, DEFAULT_FEES, DEFAULT_GLOBAL_CONFIG } from '../store/defaults';
import { seedGlobalConfig } from '../store/global-config';
import { seedOnce } from '../store/meta';
import { insertStrategy, strategyFiles } from '../store/strategies';
import { findUserByName, insertUsers } from '../store/users';
import { floorMinute, MINUTE_MS } from '../clock/time';

export {
  ADMIN_COLUMNS,
  DEMO_ACCOUNTS,
  FOLLOWER_COLUMNS,
  TRADER_COLUMNS,
  TRADER_STRATEGY_KEYS,
} from '../demo-accounts';
export { STRATEGY_KEYS } from '#contract/rules/strategy-keys';

export const BOURSES = [
  { id: 1, name: 'OKEx' },
  { id: 2, name: 'Huobi' },
  { id: 3, name: 'Binance' },
];
/** Contract types per exchange (spec §3): exchange 2 supports only 1-4. */
const ALL_TYPES = [1, 2, 3, 4, 5, 10, 11, 12, 13, 14];
export const CONTRACT_TYPES: Record<number, number[]> = { 1: ALL_TYPES, 2: [1, 2, 3, 4], 3: ALL_TYPES };

const TASK_BASE = {
  currency_type: 'btc',
  a_bourse: 1,
  b_bourse: 2,
  a_transaction_type: 1,
  b_transaction_type: 4,
  fund_occupy: '50%',
  virtual_initial_capital: 10000,
  depth: 5,
  slip: 0.0005,
  price_limit: 'no',
};

const SEED_STRATEGIES = [
  {
    name: 'arbitrage 2',
    initialMoney: 100000,
    file: 'arbitrage2.py',
    header: { dlt: { CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 }, m: { CW: 1, NW: 1, CQ: 2, NQ: 2 } },
    params: {
      ...TASK_BASE,
      is_borrow: false,
      max_borrow_ratio: 0.3,
      dlt: { CW: 0.002, NW: 0.003, CQ: 0.004, NQ: 0.005 },
      m: { CW: 1, NW: 1, CQ: 2, NQ: 2 },
      close_dlt: 0.001,
      open_count: 20,
    },
  },
  {
    name: 'arbitrage 1 basic',
    initialMoney: 50000,
    file: 'arbitrage1_basic.py',
    header: { dlt: 0.003, m: 1 },
    params: { ...TASK_BASE, a_transaction_type: 2, b_transaction_type: 4, is_borrow: false, dlt: 0.003, m: 1, close_dlt: 0.001 },
  },
];

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/** `count` minute points of an equity random walk ending at `end`. */
export function chartSeries(principal: number, end: number, count: number, seed: number): ChartPointRow[] {
  const next = seededRng(seed);
  const start = floorMinute(end) - (count - 1) * MINUTE_MS;
  let equityUsdt = principal * (0.98 + next() * 0.04);
  let price = 30000 + next() * 5000;
  const coinStart = equityUsdt / price;
  const points: ChartPointRow[] = [];
  for (let i = 0; i < count; i += 1) {
    equityUsdt *= 1 + (next() - 0.48) * 0.002;
    price *= 1 + (next() - 0.5) * 0.002;
    const coin = equityUsdt / price;
    points.push({
      at: start + i * MINUTE_MS,
      equity_usdt: round(equityUsdt, 4),
      rate_usdt: round((equityUsdt - principal) / principal, 6),
      equity: round(coin, 6),
      equity_rate_usdt: round((coin - coinStart) / coinStart, 6),
    });
  }
  return points;
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

/** The exchanges, their contract types and the global config: every data folder has them, demo or not. */
export async function seedReference(db: Db, now: number): Promise<void> {
  await seedOnce(db, 'reference', now, async () => {
    await insertBourses(db, BOURSES, CONTRACT_TYPES);
    await seedGlobalConfig(db, DEFAULT_GLOBAL_CONFIG);
  });
}

export interface DemoSeedOptions {
  /** seals the demo API accounts' secrets. */
  secrets: SecretBox;
  /** the scrypt cost of the demo accounts' hashes (ServerSettings.passwordCost). */
  passwordCost: ScryptCost;
}

/** The demo (`npm start`): the reference data, the demo accounts of DEMO_ACCOUNTS, two strategies and three API accounts. */
export async function seed(db: Db, dataDir: string, now: number, { secrets, passwordCost }: DemoSeedOptions): Promise<void> {
  await seedReference(db, now);

  await seedOnce(db, 'users', now, async () => {
    const rows = [];
    for (const user of DEMO_ACCOUNTS) {
      rows.push({
        username: user.username,
        passwordHash: await hashPassword(user.password, passwordCost),
        telPhone: user.tel,
        isSuper: user.isSuper,
        level: user.level,
        pes: user.pes,
        columns: user.columns,
        strategyKeys: [...user.strategyKeys],
        createdAt: now,
      });
    }
    await insertUsers(db, rows);
  });

  await seedOnce(db, 'strategies', now, async () => {
    const files = strategyFiles(dataDir);
    for (const strategy of SEED_STRATEGIES) {
      const folder = hex(8);
      const mainFile = `main_${strategy.file}`;
      await files.write(
        folder,
        mainFile,
        `# ${strategy.name}/${JSON.stringify(strategy.header)}/v1\n# demo strategy of the reference server\n\ndef run(ctx):\n    pass\n`,
      );
      await insertStrategy(db, hex(8), folder, {
        name: strategy.name,
        initialMoney: strategy.initialMoney,
        defaultParams: JSON.stringify(strategy.params),
        mainFile,
        relyOnFiles: [],
        updatedAt: now,
      });
    }
  });

  await seedOnce(db, 'api-accounts', now, async () => {
    const admin = await findUserByName(db, 'admin');
    const trader = await findUserByName(db, 'trader');
    if (!admin || !trader) return;
    const accounts = [
      { userId: admin.id, name: 'OKEx-主账户', bourseId: 1, status: 1, template: 10000, token: hex(6) },
      { userId: admin.id, name: 'Huobi-对冲', bourseId: 2, status: 1, template: 8000, token: '' },
      { userId: trader.id, name: 'OKEx-trader', bourseId: 1, status: 4, template: 5000, token: hex(6) },
    ];
    for (const [index, account] of accounts.entries()) {
      const apiId = await insertApi(db, secrets, {
        userId: account.userId,
        name: account.name,
        bourseId: account.bourseId,
        apiKey: `demo-${hex(12)}`,
        apiSecret: hex(24),
        apiToken: account.token,
        status: account.status,
        fees: DEFAULT_FEES,
        advanced: DEFAULT_ADVANCED,
        assetTemplate: account.template,
        createdAt: now,
      });
      await insertChartPoints(db, apiId, chartSeries(account.template, now, 200, 1000 + index));
    }
  });
}
