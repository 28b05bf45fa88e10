import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { hashPassword } from './auth';
import { DEMO_ACCOUNTS } from '../src/domain/demo-accounts';
import { seedOnce, type Db } from './db';
import { floorMinute, MINUTE_MS } from './time';

export {
  ADMIN_COLUMNS,
  DEMO_ACCOUNTS,
  FOLLOWER_COLUMNS,
  TRADER_COLUMNS,
  TRADER_STRATEGY_KEYS,
} from '../src/domain/demo-accounts';
export { STRATEGY_KEYS } from '../src/domain/strategy-keys';

export const BOURSES = [
  { id: 1, name: 'OKEx' },
  { id: 2, name: 'Huobi' },
  { id: 3, name: 'Binance' },
];
/** Contract types per exchange (spec §3): exchange 2 supports only 1-4. */
const ALL_TYPES = [1, 2, 3, 4, 5, 10, 11, 12, 13, 14];
export const CONTRACT_TYPES: Record<number, number[]> = { 1: ALL_TYPES, 2: [1, 2, 3, 4], 3: ALL_TYPES };

export const DEFAULT_FEES = {
  ssHangCharges: 0.0008,
  ssEatCharges: 0.001,
  fuHangCharges: 0.0002,
  fuEatCharges: 0.0005,
  csHangCharges: 0.0002,
  csEatCharges: 0.0005,
  maxLoss: 500,
};
export const DEFAULT_ADVANCED = {
  is_borrow: false,
  is_auto_repayment: true,
  lever_risk_rate: 0.8,
  total_deposit_multiple: 3,
  proportion_ratio_spot: 5,
  proportion_ratio_deposit: 5,
};
export const DEFAULT_ASSET_TEMPLATE = 10000;

export const DEFAULT_GLOBAL_CONFIG = {
  depthMarket: 5,
  priceSlippage: 0.001,
  voiceIntervalTime: 60,
  messageIntervalTime: 300,
  tradingIntervalTime: 1,
  isBorrow: false,
  maxBorrowBTC: 50,
  maxBorrowLTC: 30,
  maxBorrowETH: 50,
  maxBorrowETC: 30,
  maxBorrowXRP: 20,
  maxBorrowEOS: 30,
  maxBorrowBCH: 30,
  maxBorrowBSV: 20,
  maxBorrowTRX: 20,
};

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

/** A small deterministic random source, so every fresh data folder looks the same. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/** `count` minute points of an equity random walk ending at `end`. */
export function chartSeries(apiId: number, principal: number, end: number, count: number, seed: number) {
  const next = random(seed);
  const start = floorMinute(end) - (count - 1) * MINUTE_MS;
  let equityUsdt = principal * (0.98 + next() * 0.04);
  let price = 30000 + next() * 5000;
  const coinStart = equityUsdt / price;
  const points = [];
  for (let i = 0; i < count; i += 1) {
    equityUsdt *= 1 + (next() - 0.48) * 0.002;
    price *= 1 + (next() - 0.5) * 0.002;
    const coin = equityUsdt / price;
    points.push({
      sql: 'INSERT INTO api_chart_points (api_id, at, equity_usdt, rate_usdt, equity, equity_rate_usdt) VALUES (?, ?, ?, ?, ?, ?)',
      args: [apiId, start + i * MINUTE_MS, round(equityUsdt, 4), round((equityUsdt - principal) / principal, 6), round(coin, 6), round((coin - coinStart) / coinStart, 6)],
    });
  }
  return points;
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

export async function seed(db: Db, dataDir: string, now: number): Promise<void> {
  await seedOnce(db, 'reference', async () => {
    await db.batch([
      ...BOURSES.map((b) => ({ sql: 'INSERT OR IGNORE INTO bourses (id, name) VALUES (?, ?)', args: [b.id, b.name] })),
      ...Object.entries(CONTRACT_TYPES).flatMap(([bourse, types]) =>
        types.map((type) => ({ sql: 'INSERT OR IGNORE INTO transaction_types (bourse_id, type_id) VALUES (?, ?)', args: [Number(bourse), type] })),
      ),
      { sql: 'INSERT OR IGNORE INTO global_config (id, value) VALUES (1, ?)', args: [JSON.stringify(DEFAULT_GLOBAL_CONFIG)] },
    ]);
  });

  await seedOnce(db, 'users', async () => {
    const statements = [];
    for (const user of DEMO_ACCOUNTS) {
      statements.push({
        sql: `INSERT INTO users (username, password_hash, tel_phone, is_super, level, pes, columns, strategy_keys, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [user.username, await hashPassword(user.password), user.tel, user.isSuper, user.level, user.pes, JSON.stringify(user.columns), JSON.stringify(user.strategyKeys), now],
      });
    }
    await db.batch(statements);
  });

  await seedOnce(db, 'strategies', async () => {
    for (const strategy of SEED_STRATEGIES) {
      const folder = hex(8);
      const dir = path.join(dataDir, 'strategies', folder);
      mkdirSync(dir, { recursive: true });
      const mainFile = `main_${strategy.file}`;
      writeFileSync(
        path.join(dir, mainFile),
        `# ${strategy.name}/${JSON.stringify(strategy.header)}/v1\n# demo strategy of the reference server\n\ndef run(ctx):\n    pass\n`,
      );
      await db.run(
        `INSERT INTO strategies (strategy_sole_id, name, initial_money, default_params, folder, main_file, rely_on_files, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, '[]', ?)`,
        [hex(8), strategy.name, strategy.initialMoney, JSON.stringify(strategy.params), folder, mainFile, now],
      );
    }
  });

  await seedOnce(db, 'api-accounts', async () => {
    const admin = await db.get<{ id: number }>("SELECT id FROM users WHERE username = 'admin'");
    const trader = await db.get<{ id: number }>("SELECT id FROM users WHERE username = 'trader'");
    if (!admin || !trader) return;
    const accounts = [
      { userId: admin.id, name: 'OKEx-主账户', bourseId: 1, status: 1, template: 10000, token: hex(6) },
      { userId: admin.id, name: 'Huobi-对冲', bourseId: 2, status: 1, template: 8000, token: '' },
      { userId: trader.id, name: 'OKEx-trader', bourseId: 1, status: 4, template: 5000, token: hex(6) },
    ];
    for (const [index, account] of accounts.entries()) {
      const { lastId } = await db.run(
        `INSERT INTO api_accounts (user_id, name, bourse_id, api_key, api_secret, api_token, status, fees, advanced, asset_template, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [account.userId, account.name, account.bourseId, `demo-${hex(12)}`, hex(24), account.token, account.status, JSON.stringify(DEFAULT_FEES), JSON.stringify(DEFAULT_ADVANCED), account.template, now],
      );
      await db.batch(chartSeries(lastId, account.template, now, 200, 1000 + index));
    }
  });
}
