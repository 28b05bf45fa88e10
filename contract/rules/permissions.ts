import { DEFAULT_ALLOWED_PATHS } from './constants';
import type { StrategyKey } from './strategy-keys';

/**
 * The one permission table of spec §6: `(resource, action) → rule`. The console's access-control
 * provider, route guard and navigation ask it; every call (contract/access/calls.ts) and feed
 * (contract/access/feeds.ts) names its entry, and the reference server enforces those on every call and feed
 * (server/http/permissions.ts). What it does not name is denied.
 */

/** Who is asking: the session user with its permission list (spec §2 route guard, §6). */
export interface Subject {
  isSuper: boolean;
  /** the level a unilateral login returns (pes); 1 = the unilateral side's admin. */
  pes: number;
  /** the user's permitted columns (paths). */
  columns: readonly string[];
  /** the user's strategy permission list (strategy_* keys). */
  strategyKeys: readonly string[];
}

export type Rule =
  | { kind: 'signedIn' }
  | { kind: 'super' }
  /** the super user, or a login whose level (pes) is 1: the admin of the unilateral side. */
  | { kind: 'unilateralAdmin' }
  | { kind: 'strategyKey'; key: StrategyKey }
  | { kind: 'column'; path: string }
  | { kind: 'allOf'; rules: readonly Rule[] }
  | { kind: 'anyOf'; rules: readonly Rule[] };

export const SIGNED_IN: Rule = { kind: 'signedIn' };
export const SUPER: Rule = { kind: 'super' };
export const UNILATERAL_ADMIN: Rule = { kind: 'unilateralAdmin' };
export const column = (path: string): Rule => ({ kind: 'column', path });
export const strategyKey = (key: StrategyKey): Rule => ({ kind: 'strategyKey', key });
export const allOf = (...rules: Rule[]): Rule => ({ kind: 'allOf', rules });
export const anyOf = (...rules: Rule[]): Rule => ({ kind: 'anyOf', rules });

/** `/a/b` is covered by `/a/b` and by `/a` (a column opens the pages below it). */
const covers = (allowed: string, path: string) => path === allowed || path.startsWith(`${allowed}/`);

/** A path is allowed if it is a default path or one of the user's permitted columns (spec §2). */
export function isPathAllowed(path: string, columns: readonly string[]): boolean {
  return [...DEFAULT_ALLOWED_PATHS, ...columns].some((allowed) => covers(allowed, path));
}

export function satisfies(rule: Rule, subject: Subject): boolean {
  switch (rule.kind) {
    case 'signedIn':
      return true;
    case 'super':
      return subject.isSuper;
    case 'unilateralAdmin':
      return subject.isSuper || subject.pes === 1;
    case 'strategyKey':
      return subject.strategyKeys.includes(rule.key);
    case 'column':
      return isPathAllowed(rule.path, subject.columns);
    case 'allOf':
      return rule.rules.every((r) => satisfies(r, subject));
    case 'anyOf':
      return rule.rules.some((r) => satisfies(r, subject));
  }
}

// Columns (paths of spec §2) of the pages each resource lives on.
const API = column('/api');
const STRATEGY = column('/strategy');
const TASK = column('/task');
const CONFIG = column('/config');
const UNILATERAL = column('/main/index/unilateral');
const FOLLOW = column('/main/index/api');
const ASSETS = column('/assets');
const onUnilateral = (key: StrategyKey) => allOf(UNILATERAL, strategyKey(key));
// tool pages that read other areas' data (a user given only the page's column must be able to use it)
const BADATA = column('/badata');
const TEMP_STRATEGY = anyOf(column('/main/tempStrategy'), column('/temp/strategy'));
const UNILATERAL_STATISTIC = column('/unilateral/statistic');

export const PERMISSIONS = {
  /** the user's own session and pages (/user/index, /user/static are default paths). */
  account: { list: SIGNED_IN, edit: SIGNED_IN },
  apis: {
    list: API,
    show: API,
    create: API,
    edit: API,
    delete: API,
    /** the user's API names, picked on the task, asset, statistics and follow-task pages. */
    names: anyOf(API, TASK, ASSETS, column('/statistic'), FOLLOW),
    /** the audit log of what the server sent to the exchanges for the user's accounts */
    audit: API,
    /** the kill switch in the header: it acts on the caller's own accounts only (the super user's: every account) */
    kill: SIGNED_IN,
  },
  strategies: {
    list: STRATEGY,
    /** the library, picked when adding a task and on the temporary strategy pages */
    pick: anyOf(STRATEGY, TASK, TEMP_STRATEGY),
    show: STRATEGY,
    // spec §6: add, configure, delete strategy and edit its parameters are the super user's
    create: allOf(STRATEGY, SUPER),
    edit: allOf(STRATEGY, SUPER),
    delete: allOf(STRATEGY, SUPER),
  },
  tasks: {
    list: TASK,
    show: column('/task/taskDetail'),
    create: TASK,
    edit: TASK,
    delete: TASK,
    /** the trade info page and manual trading. */
    trade: column('/task/taskTradeInfo'),
  },
  'child-tasks': { list: TASK, show: column('/task/taskDetail'), create: TASK, edit: TASK, delete: TASK },
  'follow-tasks': {
    list: FOLLOW,
    show: column('/main/index/api/detail'),
    /** the one-sided accounts and their follow tasks, picked on the follow page, /signal and /badata */
    names: anyOf(FOLLOW, column('/signal'), BADATA),
    /** one follow task's figures: its detail page and /badata */
    data: anyOf(FOLLOW, column('/main/index/api/detail'), BADATA),
    /** the pages of accounts: the follow page and a follow task's detail page */
    browse: anyOf(FOLLOW, column('/main/index/api/detail')),
    /** the /signal switch of each follow task: the follow page and /signal */
    signal: anyOf(FOLLOW, column('/signal')),
    // adding a follow task (also from the unilateral list) needs strategy_add_task (spec §6)
    create: allOf(anyOf(FOLLOW, UNILATERAL), strategyKey('strategy_add_task')),
    edit: FOLLOW,
    delete: FOLLOW,
  },
  'unilateral-strategies': {
    list: UNILATERAL,
    /** the strategies, picked in the follow dialog and on /badata */
    names: anyOf(UNILATERAL, FOLLOW, BADATA),
    /** one strategy's figures and pages of data: the statistics page and /badata */
    data: anyOf(UNILATERAL, UNILATERAL_STATISTIC, BADATA),
    show: onUnilateral('strategy_details'),
    start: onUnilateral('strategy_start'),
    stop: onUnilateral('strategy_stop'),
    /** one call starts (state 1) or stops (state 0); its handler checks the key of the state asked. */
    setState: allOf(UNILATERAL, anyOf(strategyKey('strategy_start'), strategyKey('strategy_stop'))),
    edit: onUnilateral('strategy_update'),
    /** adding a strategy: the super user's, with strategy_all_preserve (our reading: saving a whole strategy) */
    create: allOf(UNILATERAL, SUPER, strategyKey('strategy_all_preserve')),
    preserve: onUnilateral('strategy_all_preserve'),
    hide: onUnilateral('strategy_hide'),
    unhide: onUnilateral('strategy_show'),
    /** one call hides or shows; its handler checks the key of the target asked. */
    setVisibility: allOf(UNILATERAL, anyOf(strategyKey('strategy_hide'), strategyKey('strategy_show'))),
    /** one-click follow creates follow tasks: the strategy_add_task key. */
    follow: onUnilateral('strategy_add_task'),
    /** spec §6: the status column and the operations dropdown. */
    status: allOf(UNILATERAL, UNILATERAL_ADMIN),
    operate: allOf(UNILATERAL, UNILATERAL_ADMIN),
    statistic: UNILATERAL_STATISTIC,
  },
  'global-config': { list: CONFIG, edit: allOf(CONFIG, SUPER) },
  market: {
    list: column('/market'),
    edit: column('/market'),
    /** reference data (exchanges, contract types, currencies) every form of the console picks from. */
    lookup: SIGNED_IN,
  },
  assets: {
    list: ASSETS,
    snapshot: column('/assets/snapshot'),
    board: column('/assets/snapshot/board'),
    trade: anyOf(ASSETS, FOLLOW),
    restore: ASSETS,
  },
  orders: {
    list: column('/statistic'),
    /** /web/get/order/newest: the statistics page's newest orders, and one task's on the task detail page. */
    newest: anyOf(column('/statistic'), column('/task/taskDetail')),
  },
  demand: { list: column('/demand') },
  /** the header bell: every signed-in user, their own alerts and rules only. */
  alerts: { list: SIGNED_IN, edit: SIGNED_IN },
  monitoring: { list: column('/unilateral/contral'), status: allOf(column('/unilateral/contral'), UNILATERAL_ADMIN) },
  /** the tool pages of spec §2, one column each. */
  tools: {
    tempStrategy: column('/main/tempStrategy'),
    tempStrategyPage: column('/temp/strategy'),
    /** start and stop a paper run: both temporary strategy pages */
    paperRun: TEMP_STRATEGY,
    /** a paper run's figures and orders: /simulate and the temporary strategy pages */
    paperRuns: anyOf(column('/simulate'), TEMP_STRATEGY),
    mobile: column('/main/mobile'),
    mill: column('/main/mill'),
    mill1: column('/main/mill1'),
    mill2: column('/main/mill2'),
    /** the miner models and the network defaults: read by the model table, the comparison and the calculator. */
    miner: anyOf(column('/main/mill'), column('/main/mill1'), column('/main/mill2')),
    coins: column('/coins'),
    /** the coin range and blacklist: the /coins page's, and the follow page's users, whose follow tasks obey them */
    coinLists: anyOf(column('/coins'), FOLLOW),
    signal: column('/signal'),
    simulate: column('/simulate'),
    aveo: column('/aveo'),
    badata: BADATA,
    binanceTrading: column('/binance/trading'),
    binanceCurrency: column('/binance/currency'),
    /** /binance/accounts: the account picker of both Binance pages. */
    binanceAccounts: anyOf(column('/binance/trading'), column('/binance/currency')),
  },
} as const satisfies Record<string, Record<string, Rule>>;

export type Resource = keyof typeof PERMISSIONS;
export type Action<R extends Resource = Resource> = R extends Resource ? keyof (typeof PERMISSIONS)[R] & string : never;
/** One named entry of the table. */
export type Access = { [R in Resource]: { resource: R; action: Action<R> } }[Resource];

export const RESOURCES = Object.keys(PERMISSIONS) as Resource[];

/** The rule of `(resource, action)`, or undefined when the table does not name it. */
export function ruleOf(resource: string, action: string): Rule | undefined {
  if (!Object.hasOwn(PERMISSIONS, resource)) return undefined;
  const actions: Record<string, Rule> = PERMISSIONS[resource as Resource];
  return Object.hasOwn(actions, action) ? actions[action] : undefined;
}

/** May this subject (null = signed out) take `action` on `resource`? Unnamed pairs are denied. */
export function can(subject: Subject | null, resource: string | undefined, action: string): boolean {
  if (!subject || !resource) return false;
  const rule = ruleOf(resource, action);
  return rule !== undefined && satisfies(rule, subject);
}

/** One entry of the table, as the call and feed tables name it (contract/access/calls.ts, contract/access/feeds.ts). */
export const to = <R extends Resource>(resource: R, action: Action<R>): Access => ({ resource, action }) as Access;

/** Calls made before a session exists. */
export const PUBLIC = 'public';
