import type { Db } from './queryable';
import { OUTBOX_SCHEMA } from './outbox';

/**
 * The schema's history: migration N brings a database from `PRAGMA user_version` N-1 to N, in one
 * transaction. Never edit a migration that has shipped; add the next one. Migration 1 is the schema of
 * the versions before migrations (user_version 0, tables already there): `IF NOT EXISTS` everywhere,
 * so such a data folder is upgraded in place and keeps its data.
 */
/**
 * What `order_stats` keeps of an order row (the migration of; shipped with it, never to change):
 * manual (cparam.order_type), the API (cparam.apiid), the side, the filled notional and the fee.
 */
const orderFacts = (row: string) => `COALESCE(json_extract(${row}.cparam, '$.order_type') = 'manual', 0),
      json_extract(${row}.cparam, '$.apiid'),
      (json_extract(${row}.cparam, '$.acc_type') = 'spot') * 2 + (json_extract(${row}.cparam, '$.otype') IN (1, 4, 'buy')),
      COALESCE(json_extract(${row}.result, '$.deal_amount'), 0) * COALESCE(json_extract(${row}.result, '$.deal_price'), 0),
      COALESCE(json_extract(${row}.result, '$.fee'), 0)`;

/**
 * Migration 22's step of a kept sum (shipped with it, never to change): `value` added to `sum`, the addition's rounding
 * error added to `err` (Kahan–Babuška–Neumaier, the step SQLite's SUM() takes over REAL values), so that summing a kept
 * sum and its error with the other figures gives, to the last digit, what SUM() over the orders themselves gives.
 */
const kahanStep = (sum: string, err: string, value: string) => ({
  sum: `(${sum} + ${value})`,
  err: `(${err} + CASE WHEN abs(${sum}) > abs(${value}) THEN (${sum} - (${sum} + ${value})) + ${value} ELSE (${value} - (${sum} + ${value})) + ${sum} END)`,
});

/** Migrations 22 and 24: an order's key in order_sums (`row`: NEW or OLD of order_stats, of task_orders since 24; a NULL API or side kept as X'' or -1). */
const sumsKey = (row: string) => `${row}.task_id, ${row}.manual, ${row}.createtime / 3600000, IFNULL(${row}.api_id, X''), IFNULL(${row}.side, -1)`;
const sumsWhere = (row: string) =>
  `task_id = ${row}.task_id AND manual = ${row}.manual AND hour = ${row}.createtime / 3600000 AND api_id = IFNULL(${row}.api_id, X'') AND side = IFNULL(${row}.side, -1)`;

/** Migration 22: what adds an order to a key already kept (`excluded`: the order's row as it would have been inserted). */
const addedToKept = `ON CONFLICT DO UPDATE SET orders = orders + 1, ${['notional', 'fee']
  .map((f) => {
    const step = kahanStep(f, `${f}_err`, `excluded.${f}`);
    return `${f} = ${step.sum}, ${f}_err = ${step.err}`;
  })
  .join(', ')}`;

/** Migrations 22 and 24: an order (`row`) added to its kept sums. */
const addToSums = (row: string) => `INSERT INTO order_sums VALUES (${sumsKey(row)}, 1, ${row}.notional, 0, ${row}.fee, 0) ${addedToKept}`;

/** Migrations 22 and 24: a kept field (or its error) after an order's value changed under the same key: OLD's out, NEW's in. */
const changed = (field: string, part: 'sum' | 'err' = 'sum') => {
  const out = kahanStep(field, `${field}_err`, `(-OLD.${field})`);
  return kahanStep(out.sum, out.err, `NEW.${field}`)[part];
};

/** Migrations 22 and 24: an order (`row`) taken out of its kept sums; a key left without orders goes. */
const removeFromSums = (row: string) => {
  const notional = kahanStep('notional', 'notional_err', `(-${row}.notional)`);
  const fee = kahanStep('fee', 'fee_err', `(-${row}.fee)`);
  return [
    `UPDATE order_sums SET orders = orders - 1, notional = ${notional.sum}, notional_err = ${notional.err}, fee = ${fee.sum}, fee_err = ${fee.err}
        WHERE ${sumsWhere(row)}`,
    `DELETE FROM order_sums WHERE ${sumsWhere(row)} AND orders = 0`,
  ];
};

export const MIGRATIONS: readonly (readonly string[])[] = [
  // 1: the first schema
  [
    `CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS users (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      username TEXT NOT NULL UNIQUE COLLATE NOCASE,
      password_hash TEXT NOT NULL,
      tel_phone TEXT NOT NULL DEFAULT '',
      is_super INTEGER NOT NULL DEFAULT 0,
      level INTEGER NOT NULL DEFAULT 0,
      pes INTEGER NOT NULL DEFAULT 0,
      columns TEXT NOT NULL DEFAULT '[]',
      strategy_keys TEXT NOT NULL DEFAULT '[]',
      created_at INTEGER NOT NULL
    )`,
    `CREATE TABLE IF NOT EXISTS sessions (
      token_hash TEXT PRIMARY KEY,
      user_id INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id)`,
    `CREATE TABLE IF NOT EXISTS captchas (
      challenge TEXT PRIMARY KEY,
      expires_at INTEGER NOT NULL,
      used INTEGER NOT NULL DEFAULT 0
    )`,
    `CREATE TABLE IF NOT EXISTS bourses (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS transaction_types (
      bourse_id INTEGER NOT NULL,
      type_id INTEGER NOT NULL,
      PRIMARY KEY (bourse_id, type_id)
    )`,
    `CREATE TABLE IF NOT EXISTS strategies (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      strategy_sole_id TEXT NOT NULL UNIQUE,
      name TEXT NOT NULL,
      initial_money REAL NOT NULL DEFAULT 0,
      default_params TEXT NOT NULL DEFAULT '{}',
      folder TEXT NOT NULL,
      main_file TEXT NOT NULL DEFAULT '',
      rely_on_files TEXT NOT NULL DEFAULT '[]',
      updated_at INTEGER NOT NULL
    )`,
    `CREATE TABLE IF NOT EXISTS api_accounts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      name TEXT NOT NULL,
      bourse_id INTEGER NOT NULL,
      api_key TEXT NOT NULL,
      api_secret TEXT NOT NULL,
      api_token TEXT NOT NULL DEFAULT '',
      status INTEGER NOT NULL DEFAULT 4,
      margin_mode TEXT NOT NULL DEFAULT '',
      leverage INTEGER NOT NULL DEFAULT 0,
      fees TEXT NOT NULL,
      advanced TEXT NOT NULL,
      asset_template REAL NOT NULL,
      created_at INTEGER NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS api_accounts_user ON api_accounts (user_id)`,
    `CREATE TABLE IF NOT EXISTS api_chart_points (
      api_id INTEGER NOT NULL,
      at INTEGER NOT NULL,
      equity_usdt REAL NOT NULL,
      rate_usdt REAL NOT NULL,
      equity REAL NOT NULL,
      equity_rate_usdt REAL NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS api_chart_points_api ON api_chart_points (api_id, at)`,
    `CREATE TABLE IF NOT EXISTS manual_orders (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      api_id INTEGER NOT NULL,
      symbol TEXT NOT NULL,
      type INTEGER NOT NULL,
      price REAL,
      amount REAL NOT NULL,
      direction INTEGER NOT NULL,
      way INTEGER NOT NULL,
      status INTEGER NOT NULL DEFAULT 1,
      created_at INTEGER NOT NULL
    )`,
    `CREATE TABLE IF NOT EXISTS global_config (id INTEGER PRIMARY KEY CHECK (id = 1), value TEXT NOT NULL)`,
  ],
  // 2: market params per user (PUT /market/put2 tables, PUT /market/put params)
  [
    `CREATE TABLE market_params (
      user_id INTEGER PRIMARY KEY,
      tables TEXT,
      params TEXT,
      updated_at INTEGER NOT NULL
    )`,
  ],
  // 3: the task engine: tasks, child tasks, orders, fills, closed trades, earnings points
  [
    `CREATE TABLE task_tasks (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      strategy_id INTEGER NOT NULL,
      strategy_name TEXT NOT NULL,
      name TEXT NOT NULL,
      status INTEGER NOT NULL DEFAULT 4,
      params TEXT NOT NULL,
      engine TEXT NOT NULL DEFAULT '{}',
      active INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    )`,
    `CREATE INDEX task_tasks_user ON task_tasks (user_id, id)`,
    `CREATE INDEX task_tasks_active ON task_tasks (active, id)`,
    `CREATE TABLE task_children (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      task_id INTEGER NOT NULL,
      status INTEGER NOT NULL DEFAULT 0,
      weight REAL NOT NULL,
      api_a INTEGER NOT NULL,
      api_b INTEGER NOT NULL,
      ledger TEXT NOT NULL,
      last_trade INTEGER,
      realised REAL NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    )`,
    `CREATE INDEX task_children_task ON task_children (task_id, id)`,
    `CREATE TABLE task_orders (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      client_id TEXT NOT NULL UNIQUE,
      task_id INTEGER NOT NULL,
      task_children_id INTEGER NOT NULL,
      cparam TEXT NOT NULL,
      result TEXT NOT NULL,
      pairing_id TEXT NOT NULL,
      status_ INTEGER NOT NULL,
      createtime INTEGER NOT NULL
    )`,
    `CREATE INDEX task_orders_task ON task_orders (task_id, id)`,
    `CREATE TABLE task_fills (
      fill_id TEXT PRIMARY KEY,
      client_id TEXT NOT NULL,
      task_id INTEGER NOT NULL,
      task_children_id INTEGER NOT NULL,
      direction TEXT NOT NULL,
      leg INTEGER NOT NULL,
      action TEXT NOT NULL,
      price REAL NOT NULL,
      amount REAL NOT NULL,
      fee REAL NOT NULL,
      time INTEGER NOT NULL,
      manual INTEGER NOT NULL
    )`,
    `CREATE INDEX task_fills_task ON task_fills (task_id, time)`,
    `CREATE TABLE task_trades (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      client_id TEXT NOT NULL,
      task_id INTEGER NOT NULL,
      task_children_id INTEGER NOT NULL,
      direction TEXT NOT NULL,
      leg INTEGER NOT NULL,
      amount REAL NOT NULL,
      open_price REAL NOT NULL,
      close_price REAL NOT NULL,
      pnl REAL NOT NULL,
      fee REAL NOT NULL,
      time INTEGER NOT NULL
    )`,
    `CREATE INDEX task_trades_task ON task_trades (task_id, time)`,
    `CREATE TABLE task_earnings (
      task_id INTEGER NOT NULL,
      task_children_id INTEGER NOT NULL,
      at INTEGER NOT NULL,
      value REAL NOT NULL,
      PRIMARY KEY (task_id, task_children_id, at)
    )`,
  ],
  // 4: change records of tasks (§7 /changeServer/changerecords), written by the task calls
  [
    `CREATE TABLE task_changes (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      task_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL,
      change_type TEXT NOT NULL,
      before TEXT,
      after TEXT,
      at INTEGER NOT NULL
    )`,
    `CREATE INDEX task_changes_task ON task_changes (task_id, id)`,
  ],
  // 5: the books of API accounts (assets): balances, futures positions, transfers, borrowings
  [
    `CREATE TABLE asset_balances (
      api_id INTEGER NOT NULL,
      currency TEXT NOT NULL,
      account TEXT NOT NULL,
      amount REAL NOT NULL,
      PRIMARY KEY (api_id, currency, account)
    )`,
    `CREATE TABLE asset_positions (
      api_id INTEGER NOT NULL,
      currency TEXT NOT NULL,
      kind TEXT NOT NULL,
      qty REAL NOT NULL,
      entry REAL NOT NULL,
      PRIMARY KEY (api_id, currency, kind)
    )`,
    `CREATE TABLE asset_ledger (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      api_id INTEGER NOT NULL,
      currency TEXT NOT NULL,
      amount REAL NOT NULL,
      value_usdt REAL NOT NULL,
      type TEXT NOT NULL,
      time INTEGER NOT NULL
    )`,
    `CREATE INDEX asset_ledger_api ON asset_ledger (api_id, time)`,
    `CREATE TABLE asset_borrows (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      api_id INTEGER NOT NULL,
      currency TEXT NOT NULL,
      type TEXT NOT NULL,
      amount REAL NOT NULL,
      balance REAL NOT NULL,
      time INTEGER NOT NULL
    )`,
    `CREATE INDEX asset_borrows_api ON asset_borrows (api_id, time)`,
    `CREATE INDEX task_fills_child ON task_fills (task_children_id, time)`,
  ],
  // 6: order statistics: the paged list walks ids newest first without reading the rows,
  // and the period sums (1 h / 24 h / 48 h, SDC days) find their orders by time
  [`CREATE INDEX task_orders_id_task ON task_orders (id, task_id)`, `CREATE INDEX task_orders_time ON task_orders (createtime)`],
  // 7: manual orders fill at the market and are booked: the fill price, fee and instrument
  [
    `ALTER TABLE manual_orders ADD COLUMN deal_price REAL`,
    `ALTER TABLE manual_orders ADD COLUMN fee REAL`,
    `ALTER TABLE manual_orders ADD COLUMN instrument_id TEXT`,
    `ALTER TABLE manual_orders ADD COLUMN otype TEXT`,
    `CREATE INDEX manual_orders_api ON manual_orders (api_id, created_at)`,
  ],
  // 8: the unilateral side: strategies with their books, trades and equity rows; follow tasks
  // (one per API account) with their books, orders and equity; the user's lists (coin range, blacklists…)
  [
    `CREATE TABLE u_strategies (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      names TEXT NOT NULL,
      status INTEGER NOT NULL DEFAULT 0,
      target INTEGER NOT NULL DEFAULT 1,
      coin TEXT NOT NULL,
      bar_ms INTEGER NOT NULL,
      fast INTEGER NOT NULL,
      slow INTEGER NOT NULL,
      initial_money REAL NOT NULL,
      cash REAL NOT NULL,
      qty REAL NOT NULL DEFAULT 0,
      entry REAL NOT NULL DEFAULT 0,
      last_bar INTEGER NOT NULL,
      last_equity REAL NOT NULL,
      update_time INTEGER NOT NULL
    )`,
    `CREATE TABLE u_trades (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      strategy_id INTEGER NOT NULL,
      at INTEGER NOT NULL,
      price REAL NOT NULL,
      qty REAL NOT NULL,
      type INTEGER NOT NULL,
      win_lost REAL NOT NULL
    )`,
    `CREATE INDEX u_trades_strategy ON u_trades (strategy_id, at)`,
    `CREATE TABLE u_equity (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      strategy_id INTEGER NOT NULL,
      at INTEGER NOT NULL,
      price REAL NOT NULL,
      capital REAL NOT NULL,
      cash REAL NOT NULL,
      equity REAL NOT NULL,
      pct_chg REAL NOT NULL,
      position REAL NOT NULL
    )`,
    `CREATE INDEX u_equity_strategy ON u_equity (strategy_id, at)`,
    `CREATE TABLE u_follow_tasks (
      api_id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL,
      strategy_id INTEGER NOT NULL,
      status INTEGER NOT NULL DEFAULT 0,
      priority INTEGER NOT NULL DEFAULT 0,
      stop_loss REAL NOT NULL,
      archive_currency TEXT NOT NULL DEFAULT '',
      positive_leverage REAL NOT NULL,
      negative_leverage REAL NOT NULL,
      is_buy INTEGER NOT NULL,
      is_sell INTEGER NOT NULL,
      calculate_cost REAL,
      initial_cost REAL,
      unit TEXT NOT NULL DEFAULT 'usd',
      cash REAL NOT NULL,
      qty REAL NOT NULL DEFAULT 0,
      entry REAL NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL
    )`,
    `CREATE INDEX u_follow_tasks_strategy ON u_follow_tasks (strategy_id)`,
    `CREATE TABLE u_follow_orders (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      api_id INTEGER NOT NULL,
      strategy_id INTEGER NOT NULL,
      at INTEGER NOT NULL,
      instrument_id TEXT NOT NULL,
      size REAL NOT NULL,
      price REAL NOT NULL,
      type INTEGER NOT NULL,
      state INTEGER NOT NULL
    )`,
    `CREATE INDEX u_follow_orders_api ON u_follow_orders (api_id, id)`,
    `CREATE TABLE u_follow_equity (api_id INTEGER NOT NULL, at INTEGER NOT NULL, equity REAL NOT NULL, PRIMARY KEY (api_id, at))`,
    `CREATE TABLE u_lists (user_id INTEGER NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY (user_id, name))`,
  ],
  // 9: the aevo tool page: each user's aevo fills and when they were last pulled
  [
    `CREATE TABLE aevo_trades (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      at INTEGER NOT NULL,
      instrument TEXT NOT NULL,
      side TEXT NOT NULL,
      price REAL NOT NULL,
      amount REAL NOT NULL,
      fee REAL NOT NULL,
      UNIQUE (user_id, at, instrument)
    )`,
    `CREATE INDEX aevo_trades_user ON aevo_trades (user_id, at)`,
    `CREATE TABLE aevo_sync (user_id INTEGER PRIMARY KEY, synced_at INTEGER NOT NULL)`,
  ],
  // 10: failed sign-ins survive a restart: per account name or client address, the failure
  // times of the window (JSON array of ms), the last one, and until when it is locked
  [
    `CREATE TABLE login_failures (
      scope TEXT NOT NULL,
      key TEXT NOT NULL,
      failures TEXT NOT NULL,
      last_at INTEGER NOT NULL,
      locked_until INTEGER NOT NULL,
      PRIMARY KEY (scope, key)
    )`,
  ],
  // 11: the miner model table of /main/mill: each user's models, and the users whose table was
  // started from the demo models (so a table emptied by its user stays empty)
  [
    `CREATE TABLE miner_models (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      name TEXT NOT NULL,
      hashrate REAL NOT NULL,
      power REAL NOT NULL
    )`,
    `CREATE UNIQUE INDEX miner_models_user_name ON miner_models (user_id, name)`,
    `CREATE TABLE miner_model_users (user_id INTEGER PRIMARY KEY)`,
  ],
  // 12: paper runs of the temporary strategy and /simulate (tools-paper): the engine's state,
  // its orders and its equity points; user_id 0 = a demo run everyone sees
  [
    `CREATE TABLE paper_runs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      strategy_id INTEGER NOT NULL,
      strategy_name TEXT NOT NULL,
      name TEXT NOT NULL,
      params TEXT NOT NULL,
      initial REAL NOT NULL,
      running INTEGER NOT NULL,
      started_at INTEGER NOT NULL,
      stepped_at INTEGER NOT NULL,
      ends_at INTEGER NOT NULL,
      state TEXT NOT NULL,
      pnl REAL NOT NULL DEFAULT 0,
      fees REAL NOT NULL DEFAULT 0,
      realised REAL NOT NULL DEFAULT 0
    )`,
    `CREATE INDEX paper_runs_user ON paper_runs (user_id, id)`,
    `CREATE TABLE paper_orders (
      run_id INTEGER NOT NULL,
      client_id TEXT NOT NULL,
      seq INTEGER NOT NULL,
      record TEXT NOT NULL,
      PRIMARY KEY (run_id, client_id)
    )`,
    `CREATE INDEX paper_orders_seq ON paper_orders (run_id, seq)`,
    `CREATE TABLE paper_points (run_id INTEGER NOT NULL, at INTEGER NOT NULL, equity REAL NOT NULL, PRIMARY KEY (run_id, at))`,
  ],
  // 13: alerts: each user's rules (kind, params as JSON, what each remembers per subject as
  // JSON) and the alert log (message params and link as JSON, read flag, whether the message channel sent it)
  [
    `CREATE TABLE alert_rules (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      kind TEXT NOT NULL,
      params TEXT NOT NULL,
      cooldown INTEGER NOT NULL,
      state TEXT NOT NULL DEFAULT '{}',
      created_at INTEGER NOT NULL
    )`,
    `CREATE INDEX alert_rules_user ON alert_rules (user_id, id)`,
    `CREATE TABLE alerts (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      user_id INTEGER NOT NULL,
      rule_id INTEGER NOT NULL,
      kind TEXT NOT NULL,
      params TEXT NOT NULL,
      link TEXT NOT NULL,
      at INTEGER NOT NULL,
      read INTEGER NOT NULL DEFAULT 0,
      sent INTEGER NOT NULL DEFAULT 0
    )`,
    `CREATE INDEX alerts_user ON alerts (user_id, id)`,
  ],
  // 14: failed sign-ins counted per address and account together (nobody locks out an account from an
  // address not its user's), locks that grow with each one (strikes), registrations per address; the old
  // per-account counts go
  [`ALTER TABLE login_failures ADD COLUMN strikes INTEGER NOT NULL DEFAULT 0`, `DELETE FROM login_failures WHERE scope = 'account'`],
  // 15: order statistics from indexes, not scans. `order_stats` holds, per order, what the sums
  // and lists read (its user, task, time, kind, API, side and the filled notional and fee), kept by triggers on
  // task_orders (insert; update of cparam, result or createtime; delete), so every writer stays as it is; the sums of a
  // period walk one covering index per task and kind, the lists one per user, and no query reads the orders' JSON.
  // side: 2 × spot + buying (cparam.otype 1, 4 or 'buy'), NULL when either is unknown (then in no side's sum).
  // The (id, task_id) walk of migration 6 is replaced by the user's own index.
  [
    `CREATE TABLE order_stats (
      order_id INTEGER PRIMARY KEY,
      user_id INTEGER,
      task_id INTEGER NOT NULL,
      createtime INTEGER NOT NULL,
      manual INTEGER NOT NULL,
      api_id INTEGER,
      side INTEGER,
      notional REAL NOT NULL,
      fee REAL NOT NULL
    )`,
    `CREATE TRIGGER order_stats_insert AFTER INSERT ON task_orders BEGIN
      INSERT INTO order_stats VALUES (NEW.id, (SELECT user_id FROM task_tasks WHERE id = NEW.task_id), NEW.task_id, NEW.createtime, ${orderFacts('NEW')}); END`,
    `CREATE TRIGGER order_stats_update AFTER UPDATE OF cparam, result, createtime ON task_orders
      WHEN OLD.cparam IS NOT NEW.cparam OR OLD.result IS NOT NEW.result OR OLD.createtime IS NOT NEW.createtime BEGIN
      UPDATE order_stats SET (createtime, manual, api_id, side, notional, fee) = (SELECT NEW.createtime, ${orderFacts('NEW')}) WHERE order_id = NEW.id; END`,
    `CREATE TRIGGER order_stats_delete AFTER DELETE ON task_orders BEGIN DELETE FROM order_stats WHERE order_id = OLD.id; END`,
    `INSERT INTO order_stats SELECT o.id, t.user_id, o.task_id, o.createtime, ${orderFacts('o')} FROM task_orders o LEFT JOIN task_tasks t ON t.id = o.task_id`,
    `CREATE INDEX order_stats_task_time ON order_stats (task_id, manual, createtime, side, api_id, notional, fee)`,
    `CREATE INDEX order_stats_user ON order_stats (user_id, order_id, task_id, createtime, api_id)`,
    `DROP INDEX task_orders_id_task`,
  ],
  // 16: trading on the exchanges (issue 33). An API account's mode (paper, the default and every existing account's;
  // testnet; live), what the last check of its key found (JSON KeyCheck, '{}' = never checked), whether its exchange
  // stopped answering, and since when its owner turned live trading on (NULL: off). The audit log: every request a
  // trading client sent to an exchange, under the account (0: a key refused before it was stored) and its owner
  // (who sees it), the user who caused it (0: the server itself); the newest settings.auditKeep per account are kept.
  [
    `ALTER TABLE api_accounts ADD COLUMN mode TEXT NOT NULL DEFAULT 'paper'`,
    `ALTER TABLE api_accounts ADD COLUMN key_check TEXT NOT NULL DEFAULT '{}'`,
    `ALTER TABLE api_accounts ADD COLUMN exchange_down INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE api_accounts ADD COLUMN live_since INTEGER`,
    `CREATE TABLE exchange_audit (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      api_id INTEGER NOT NULL,
      owner_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL,
      bourse_id INTEGER NOT NULL,
      at INTEGER NOT NULL,
      method TEXT NOT NULL,
      request TEXT NOT NULL,
      ok INTEGER NOT NULL,
      reply TEXT NOT NULL
    )`,
    `CREATE INDEX exchange_audit_api ON exchange_audit (api_id, owner_id, id)`,
    `CREATE INDEX exchange_audit_owner ON exchange_audit (owner_id, id)`,
  ],
  // 17: the order outbox (store/outbox.ts): an order bound for an exchange is written before it is sent, so a
  // retry or a restart looks it up by its client order id instead of sending it twice
  OUTBOX_SCHEMA,
  // 18: follow orders and manual orders on the exchanges fill later, from the exchange's fills: a follow order's
  // filled size, average price and fee (a paper one filled at once, at its price, without fee); a manual order's
  // client order id (`manual-<id>`) and filled coins, its `status` the §4 status_. The orders not yet ended are
  // indexed: a restart looks each one up on its exchange.
  [
    `ALTER TABLE u_follow_orders ADD COLUMN filled_qty REAL NOT NULL DEFAULT 0`,
    `ALTER TABLE u_follow_orders ADD COLUMN price_avg REAL NOT NULL DEFAULT 0`,
    `ALTER TABLE u_follow_orders ADD COLUMN fee REAL NOT NULL DEFAULT 0`,
    `UPDATE u_follow_orders SET filled_qty = size, price_avg = price WHERE state = 2`,
    `CREATE INDEX u_follow_orders_open ON u_follow_orders (id) WHERE state IN (0, 1)`,
    `ALTER TABLE manual_orders ADD COLUMN client_id TEXT`,
    `ALTER TABLE manual_orders ADD COLUMN filled REAL`,
    `UPDATE manual_orders SET filled = amount, status = 3 WHERE deal_price IS NOT NULL`,
    `CREATE INDEX manual_orders_open ON manual_orders (id) WHERE status IN (1, 2) AND client_id IS NOT NULL`,
  ],
  // 19: the task page filters and counts on the server (issue 34, 35: 10,000 tasks): a task's currency and its legs'
  // transaction types as columns computed from its params (virtual: nothing to backfill or keep; a row whose params are
  // not JSON gets NULLs rather than failing the migration), and one index that answers every filter's count and the
  // counter (running/total) without reading a row's JSON
  [
    `ALTER TABLE task_tasks ADD COLUMN currency TEXT GENERATED ALWAYS AS (CASE WHEN json_valid(params) THEN lower(json_extract(params, '$.currency_type')) END) VIRTUAL`,
    `ALTER TABLE task_tasks ADD COLUMN a_type INTEGER GENERATED ALWAYS AS (CASE WHEN json_valid(params) THEN json_extract(params, '$.a_transaction_type') END) VIRTUAL`,
    `ALTER TABLE task_tasks ADD COLUMN b_type INTEGER GENERATED ALWAYS AS (CASE WHEN json_valid(params) THEN json_extract(params, '$.b_transaction_type') END) VIRTUAL`,
    `CREATE INDEX task_tasks_filters ON task_tasks (user_id, strategy_name, currency, a_type, b_type, status)`,
  ],
  // 20: an order's end (issue 35). The task engine writes most orders three times (made, executing, ended); at the
  // end only its result changes, yet migration 15's update trigger parsed its cparam again for what the cparam says
  // (manual, API, side). Now a change of the result alone moves only the figures taken from it (filled notional, fee);
  // any other change is kept as before.
  [
    `DROP TRIGGER order_stats_update`,
    `CREATE TRIGGER order_stats_update AFTER UPDATE OF cparam, createtime ON task_orders
      WHEN OLD.cparam IS NOT NEW.cparam OR OLD.createtime IS NOT NEW.createtime BEGIN
      UPDATE order_stats SET (createtime, manual, api_id, side, notional, fee) = (SELECT NEW.createtime,
        COALESCE(json_extract(NEW.cparam, '$.order_type') = 'manual', 0),
        json_extract(NEW.cparam, '$.apiid'),
        (json_extract(NEW.cparam, '$.acc_type') = 'spot') * 2 + (json_extract(NEW.cparam, '$.otype') IN (1, 4, 'buy')),
        COALESCE(json_extract(NEW.result, '$.deal_amount'), 0) * COALESCE(json_extract(NEW.result, '$.deal_price'), 0),
        COALESCE(json_extract(NEW.result, '$.fee'), 0)) WHERE order_id = NEW.id; END`,
    `CREATE TRIGGER order_stats_result AFTER UPDATE OF result ON task_orders
      WHEN OLD.result IS NOT NEW.result AND OLD.cparam IS NEW.cparam AND OLD.createtime IS NEW.createtime BEGIN
      UPDATE order_stats SET (notional, fee) = (SELECT
        COALESCE(json_extract(NEW.result, '$.deal_amount'), 0) * COALESCE(json_extract(NEW.result, '$.deal_price'), 0),
        COALESCE(json_extract(NEW.result, '$.fee'), 0)) WHERE order_id = NEW.id; END`,
  ],
  // 21: each user's number of orders, kept by triggers on order_stats (issue 35: a million orders), so the paged order
  // list knows its pages without counting the user's index (store/orders.ts countOrders)
  [
    `CREATE TABLE order_counts (user_id INTEGER PRIMARY KEY, n INTEGER NOT NULL)`,
    `CREATE TRIGGER order_counts_insert AFTER INSERT ON order_stats WHEN NEW.user_id IS NOT NULL BEGIN
      INSERT INTO order_counts VALUES (NEW.user_id, 1) ON CONFLICT (user_id) DO UPDATE SET n = n + 1; END`,
    `CREATE TRIGGER order_counts_delete AFTER DELETE ON order_stats WHEN OLD.user_id IS NOT NULL BEGIN
      UPDATE order_counts SET n = n - 1 WHERE user_id = OLD.user_id; END`,
    `INSERT INTO order_counts SELECT user_id, COUNT(*) FROM order_stats INDEXED BY order_stats_user WHERE user_id IS NOT NULL GROUP BY user_id`,
  ],
  // 22: the orders' sums per task, kind (manual), API, side and hour, kept by triggers on order_stats (issue 35: the
  // statistics' heaviest message at a million orders), so a period's sums read its whole hours here and only the orders
  // of its two partial hours from order_stats (store/orders.ts sumSql). hour = createtime / 3600000 (createtime is whole
  // ms); an order without API or side is kept under X'' or -1 (WITHOUT ROWID: its key cannot be NULL). Each sum keeps its
  // rounding error (kahanStep), so the figures are those of summing the orders one by one. An order's result changing
  // (the engine's usual update: its key stays) is one UPDATE; its key changing, or its delete, takes it out of the old key.
  [
    `CREATE TABLE order_sums (
      task_id INTEGER NOT NULL,
      manual INTEGER NOT NULL,
      hour INTEGER NOT NULL,
      api_id NOT NULL,
      side INTEGER NOT NULL,
      orders INTEGER NOT NULL,
      notional REAL NOT NULL,
      notional_err REAL NOT NULL,
      fee REAL NOT NULL,
      fee_err REAL NOT NULL,
      PRIMARY KEY (task_id, manual, hour, api_id, side)
    ) WITHOUT ROWID`,
    `CREATE TRIGGER order_sums_insert AFTER INSERT ON order_stats BEGIN
      ${addToSums('NEW')}; END`,
    `CREATE TRIGGER order_sums_change AFTER UPDATE ON order_stats
      WHEN (OLD.notional IS NOT NEW.notional OR OLD.fee IS NOT NEW.fee) AND (${sumsKey('OLD')}) IS (${sumsKey('NEW')}) BEGIN
      UPDATE order_sums SET notional = ${changed('notional')}, notional_err = ${changed('notional', 'err')},
        fee = ${changed('fee')}, fee_err = ${changed('fee', 'err')} WHERE ${sumsWhere('NEW')}; END`,
    `CREATE TRIGGER order_sums_move AFTER UPDATE ON order_stats WHEN (${sumsKey('OLD')}) IS NOT (${sumsKey('NEW')}) BEGIN
      ${removeFromSums('OLD').join('; ')};
      ${addToSums('NEW')}; END`,
    `CREATE TRIGGER order_sums_delete AFTER DELETE ON order_stats BEGIN
      ${removeFromSums('OLD').join('; ')}; END`,
    `INSERT INTO order_sums SELECT task_id, manual, createtime / 3600000, IFNULL(api_id, X''), IFNULL(side, -1), 1, notional, 0, fee, 0
      FROM order_stats INDEXED BY order_stats_task_time WHERE true ORDER BY task_id, manual, createtime ${addedToKept}`,
  ],
  // 23: a count of the changes to what the task engine reads besides the tasks (the global config, the API accounts, the
  // exchanges), bumped by triggers, so a step reads them again only when they changed (issue 33: a book update's step
  // reads one number instead of the three tables; server/hedging/runner.ts)
  [
    `CREATE TABLE engine_inputs_version (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL)`,
    `INSERT INTO engine_inputs_version VALUES (1, 0)`,
    ...['global_config', 'api_accounts', 'bourses'].flatMap((table) =>
      ['INSERT', 'UPDATE', 'DELETE'].map(
        (event) => `CREATE TRIGGER ${table}_${event.toLowerCase()}_version AFTER ${event} ON ${table} BEGIN
      UPDATE engine_inputs_version SET n = n + 1; END`,
      ),
    ),
  ],
  // 24: an order's statistics facts as columns of its own row (issue 35: 10,000 running tasks). Migration 15's
  // `order_stats` copied them by triggers, a second row per order written twice (made, then ended) and each fact
  // parsed again from the JSON; the task engine, the only writer of orders, now writes them with the order
  // (store/task-steps.ts `orderFacts`), and the kept sums and counts (migrations 21, 22) follow task_orders itself. The
  // indexes keep their columns under new names; the sums' triggers fire only on the columns they read.
  [
    ...['order_stats_insert', 'order_stats_update', 'order_stats_result', 'order_stats_delete', 'order_counts_insert', 'order_counts_delete'].map(
      (name) => `DROP TRIGGER ${name}`,
    ),
    ...['insert', 'change', 'move', 'delete'].map((name) => `DROP TRIGGER order_sums_${name}`),
    `ALTER TABLE task_orders ADD COLUMN user_id INTEGER`,
    `ALTER TABLE task_orders ADD COLUMN manual INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE task_orders ADD COLUMN api_id INTEGER`,
    `ALTER TABLE task_orders ADD COLUMN side INTEGER`,
    `ALTER TABLE task_orders ADD COLUMN notional REAL NOT NULL DEFAULT 0`,
    `ALTER TABLE task_orders ADD COLUMN fee REAL NOT NULL DEFAULT 0`,
    `UPDATE task_orders SET (user_id, manual, api_id, side, notional, fee) = (s.user_id, s.manual, s.api_id, s.side, s.notional, s.fee)
      FROM order_stats s WHERE s.order_id = task_orders.id`,
    `DROP TABLE order_stats`,
    `CREATE INDEX task_orders_stats ON task_orders (task_id, manual, createtime, side, api_id, notional, fee)`,
    `CREATE INDEX task_orders_user ON task_orders (user_id, id, task_id, createtime, api_id)`,
    `CREATE TRIGGER order_counts_insert AFTER INSERT ON task_orders WHEN NEW.user_id IS NOT NULL BEGIN
      INSERT INTO order_counts VALUES (NEW.user_id, 1) ON CONFLICT (user_id) DO UPDATE SET n = n + 1; END`,
    `CREATE TRIGGER order_counts_delete AFTER DELETE ON task_orders WHEN OLD.user_id IS NOT NULL BEGIN
      UPDATE order_counts SET n = n - 1 WHERE user_id = OLD.user_id; END`,
    `CREATE TRIGGER order_sums_insert AFTER INSERT ON task_orders BEGIN
      ${addToSums('NEW')}; END`,
    `CREATE TRIGGER order_sums_change AFTER UPDATE OF notional, fee ON task_orders
      WHEN (OLD.notional IS NOT NEW.notional OR OLD.fee IS NOT NEW.fee) AND (${sumsKey('OLD')}) IS (${sumsKey('NEW')}) BEGIN
      UPDATE order_sums SET notional = ${changed('notional')}, notional_err = ${changed('notional', 'err')},
        fee = ${changed('fee')}, fee_err = ${changed('fee', 'err')} WHERE ${sumsWhere('NEW')}; END`,
    `CREATE TRIGGER order_sums_move AFTER UPDATE OF task_id, manual, createtime, api_id, side ON task_orders
      WHEN (${sumsKey('OLD')}) IS NOT (${sumsKey('NEW')}) BEGIN
      ${removeFromSums('OLD').join('; ')};
      ${addToSums('NEW')}; END`,
    `CREATE TRIGGER order_sums_delete AFTER DELETE ON task_orders BEGIN
      ${removeFromSums('OLD').join('; ')}; END`,
  ],
  // 25: task_orders_time goes: no query reads task_orders by time alone since migration 15, and each order wrote it
  [`DROP INDEX IF EXISTS task_orders_time`],
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export class NewerDataError extends Error {
  constructor(found: number) {
    super(`the data folder is at schema version ${found}, newer than this server's ${SCHEMA_VERSION}: use a newer server`);
    this.name = 'NewerDataError';
  }
}

export async function schemaVersion(db: Pick<Db, 'get'>): Promise<number> {
  const row = await db.get<{ user_version: number }>('PRAGMA user_version');
  return Number(row?.user_version ?? 0);
}

/** Applies the migrations the database has not seen yet, each with its version bump in one transaction. */
export async function migrate(db: Db, migrations: readonly (readonly string[])[] = MIGRATIONS): Promise<number> {
  const found = await schemaVersion(db);
  if (found > migrations.length) throw new NewerDataError(found);
  for (let version = found + 1; version <= migrations.length; version += 1) {
    await db.transaction(async (tx) => {
      for (const sql of migrations[version - 1]!) await tx.run(sql);
      await tx.run(`PRAGMA user_version = ${version}`);
    });
  }
  return migrations.length;
}
