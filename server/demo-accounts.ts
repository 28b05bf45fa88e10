import { STRATEGY_KEYS, type StrategyKey } from '#contract/rules/strategy-keys';

/**
 * The demo accounts of the reference server (seeded by server/seed/demo.ts) and their permission lists, in one place:
 * the console's component tests answer the permission call with the same lists.
 */

/** Column (route) paths of the top navigation (spec §2) a super user may open. */
export const ADMIN_COLUMNS = [
  '/market',
  '/api',
  '/assets',
  '/assets/snapshot',
  '/statistic',
  '/task',
  '/config',
  '/demand',
  '/strategy',
  '/main/index',
  '/main/index/unilateral',
  '/main/index/api',
  '/main/mobile',
  '/main/tempStrategy',
  '/main/mill',
  '/main/mill1',
  '/main/mill2',
  '/coins',
  '/signal',
  '/simulate',
  '/aveo',
  '/badata',
  '/binance/trading',
  '/binance/currency',
  '/task/taskDetail',
  '/task/taskTradeInfo',
  '/unilateral/contral',
  '/unilateral/statistic',
  '/main/index/api/detail',
  '/temp/strategy',
];
/** An ordinary trader's columns; newly registered users get the same. */
export const TRADER_COLUMNS = [
  '/market',
  '/api',
  '/assets',
  '/assets/snapshot',
  '/task',
  '/task/taskDetail',
  '/task/taskTradeInfo',
  '/strategy',
  '/config',
  '/statistic',
  '/demand',
];
/** A unilateral account: the unilateral pages only. */
export const FOLLOWER_COLUMNS = ['/main/index', '/main/index/unilateral', '/main/index/api', '/unilateral/statistic', '/unilateral/contral'];

export const TRADER_STRATEGY_KEYS: StrategyKey[] = ['strategy_details'];
/** The follower lacks start, stop, update, preserve, hide and show: those actions are absent for it and refused by the server. */
export const FOLLOWER_STRATEGY_KEYS: StrategyKey[] = ['strategy_details', 'strategy_add_task'];

export interface DemoAccount {
  username: string;
  password: string;
  role: string;
  isSuper: 0 | 1;
  level: number;
  /** the level a unilateral login returns. */
  pes: number;
  columns: readonly string[];
  strategyKeys: readonly StrategyKey[];
  tel: string;
}

export const DEMO_ACCOUNTS = [
  {
    username: 'admin',
    password: 'admin123',
    role: 'super user (is_super 1, level 1)',
    isSuper: 1,
    level: 1,
    pes: 1,
    columns: ADMIN_COLUMNS,
    strategyKeys: STRATEGY_KEYS,
    tel: '13800000001',
  },
  {
    username: 'trader',
    password: 'trader123',
    role: 'ordinary user (is_super 0, level 0)',
    isSuper: 0,
    level: 0,
    pes: 0,
    columns: TRADER_COLUMNS,
    strategyKeys: TRADER_STRATEGY_KEYS,
    tel: '13800000002',
  },
  {
    username: 'follower',
    password: 'follower123',
    role: 'unilateral account (pes 2)',
    isSuper: 0,
    level: 0,
    pes: 2,
    columns: FOLLOWER_COLUMNS,
    strategyKeys: FOLLOWER_STRATEGY_KEYS,
    tel: '13800000003',
  },
  {
    username: 'manager',
    password: 'manager123',
    role: 'unilateral manager (pes 1): every strategy_* key, sees the priority field',
    isSuper: 0,
    level: 1,
    pes: 1,
    columns: FOLLOWER_COLUMNS,
    strategyKeys: STRATEGY_KEYS,
    tel: '13800000004',
  },
] as const satisfies readonly DemoAccount[];

export type DemoUserName = (typeof DEMO_ACCOUNTS)[number]['username'];

export const demoAccount = (username: DemoUserName): DemoAccount => DEMO_ACCOUNTS.find((a) => a.username === username)!;
