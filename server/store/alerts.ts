/** Alert rules and the alert log (migration 13). Rules and alerts belong to one user each. */
import type { AlertItem, AlertKind, AlertLink, AlertRule, AlertRuleParams, SubjectState } from '#contract/rules/alerts';
import { ORDER_STATUS } from '#contract/rules/order-status';
import type { Queryable } from './queryable';

const ABNORMAL = `${ORDER_STATUS.abnormalEnd}, ${ORDER_STATUS.abnormal}`;
const OPEN = `${ORDER_STATUS.create}, ${ORDER_STATUS.executing}`;

interface RuleRow {
  id: number;
  user_id: number;
  kind: string;
  params: string;
  cooldown: number;
  state: string;
}

/** A stored rule with its owner and what it remembers per subject. */
export interface StoredRule {
  userId: number;
  rule: AlertRule;
  state: Record<string, SubjectState>;
}

const toRule = (row: RuleRow): StoredRule => ({
  userId: Number(row.user_id),
  rule: { ...(JSON.parse(row.params) as AlertRuleParams), kind: row.kind as AlertKind, id: Number(row.id), cooldownSeconds: Number(row.cooldown) } as AlertRule,
  state: JSON.parse(row.state) as Record<string, SubjectState>,
});

const paramsOf = (rule: AlertRuleParams): string => {
  const { kind: _kind, ...params } = rule as AlertRuleParams & { id?: number; cooldownSeconds?: number };
  delete (params as { id?: number }).id;
  delete (params as { cooldownSeconds?: number }).cooldownSeconds;
  return JSON.stringify(params);
};

export async function listRules(db: Queryable, userId: number): Promise<StoredRule[]> {
  return (await db.all<RuleRow>('SELECT * FROM alert_rules WHERE user_id = ? ORDER BY id', [userId])).map(toRule);
}

export async function allRules(db: Queryable): Promise<StoredRule[]> {
  return (await db.all<RuleRow>('SELECT * FROM alert_rules ORDER BY id')).map(toRule);
}

export const countRules = async (db: Queryable, userId: number): Promise<number> =>
  Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM alert_rules WHERE user_id = ?', [userId]))?.n ?? 0);

export async function findRule(db: Queryable, userId: number, id: number): Promise<StoredRule | undefined> {
  const row = await db.get<RuleRow>('SELECT * FROM alert_rules WHERE id = ? AND user_id = ?', [id, userId]);
  return row && toRule(row);
}

export async function insertRule(db: Queryable, userId: number, rule: AlertRuleParams, cooldownSeconds: number, now: number): Promise<number> {
  const { lastId } = await db.run('INSERT INTO alert_rules (user_id, kind, params, cooldown, created_at) VALUES (?, ?, ?, ?, ?)', [
    userId,
    rule.kind,
    paramsOf(rule),
    cooldownSeconds,
    now,
  ]);
  return lastId;
}

/** Changes a rule's params; what it remembers (the last fire, for the cooldown) stays. */
export async function updateRule(db: Queryable, userId: number, id: number, rule: AlertRuleParams, cooldownSeconds: number): Promise<boolean> {
  const { changes } = await db.run('UPDATE alert_rules SET kind = ?, params = ?, cooldown = ? WHERE id = ? AND user_id = ?', [
    rule.kind,
    paramsOf(rule),
    cooldownSeconds,
    id,
    userId,
  ]);
  return changes > 0;
}

export async function deleteRule(db: Queryable, userId: number, id: number): Promise<boolean> {
  return (await db.run('DELETE FROM alert_rules WHERE id = ? AND user_id = ?', [id, userId])).changes > 0;
}

export async function saveRuleState(db: Queryable, id: number, state: Record<string, SubjectState>): Promise<void> {
  await db.run('UPDATE alert_rules SET state = ? WHERE id = ?', [JSON.stringify(state), id]);
}

interface AlertRow {
  id: number;
  rule_id: number;
  kind: string;
  params: string;
  link: string;
  at: number;
  read: number;
  sent: number;
}

const toAlert = (row: AlertRow): AlertItem => ({
  id: Number(row.id),
  ruleId: Number(row.rule_id),
  kind: row.kind as AlertKind,
  params: JSON.parse(row.params) as AlertItem['params'],
  at: Number(row.at),
  read: Number(row.read) === 1,
  sent: Number(row.sent) === 1,
  link: JSON.parse(row.link) as AlertLink,
});

export interface NewAlert {
  userId: number;
  ruleId: number;
  kind: AlertKind;
  params: AlertItem['params'];
  link: AlertLink;
  at: number;
  sent: boolean;
}

export async function insertAlert(db: Queryable, alert: NewAlert): Promise<number> {
  const { lastId } = await db.run('INSERT INTO alerts (user_id, rule_id, kind, params, link, at, sent) VALUES (?, ?, ?, ?, ?, ?, ?)', [
    alert.userId,
    alert.ruleId,
    alert.kind,
    JSON.stringify(alert.params),
    JSON.stringify(alert.link),
    alert.at,
    alert.sent,
  ]);
  return lastId;
}

/** When the message channel last sent one of the user's alerts (null = never). */
export async function lastSentAt(db: Queryable, userId: number): Promise<number | null> {
  const row = await db.get<{ at: number | null }>('SELECT MAX(at) AS at FROM alerts WHERE user_id = ? AND sent = 1', [userId]);
  return row?.at === null || row?.at === undefined ? null : Number(row.at);
}

/** A page of the user's log, newest first, with the total and the unread count. */
export async function listAlerts(db: Queryable, userId: number, page: number, size: number): Promise<{ list: AlertItem[]; total: number; unread: number }> {
  const rows = await db.all<AlertRow>('SELECT * FROM alerts WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?', [userId, size, (page - 1) * size]);
  const counts = await db.get<{ total: number; unread: number }>(
    'SELECT COUNT(*) AS total, COALESCE(SUM(read = 0), 0) AS unread FROM alerts WHERE user_id = ?',
    [userId],
  );
  return { list: rows.map(toAlert), total: Number(counts?.total ?? 0), unread: Number(counts?.unread ?? 0) };
}

/** Marks the user's alerts read: the ids given, or all of them. */
export async function markRead(db: Queryable, userId: number, ids?: readonly number[]): Promise<number> {
  if (ids && !ids.length) return 0;
  const { changes } = ids
    ? await db.run(`UPDATE alerts SET read = 1 WHERE user_id = ? AND read = 0 AND id IN (${ids.map(() => '?').join(',')})`, [userId, ...ids])
    : await db.run('UPDATE alerts SET read = 1 WHERE user_id = ? AND read = 0', [userId]);
  return changes;
}

/** The running tasks of each user (status 2 = running, active), for the task rules. */
export async function runningTasksByUser(db: Queryable): Promise<Map<number, number[]>> {
  const rows = await db.all<{ id: number; user_id: number }>('SELECT id, user_id FROM task_tasks WHERE active = 1 ORDER BY id');
  const byUser = new Map<number, number[]>();
  for (const row of rows) {
    const list = byUser.get(Number(row.user_id)) ?? [];
    list.push(Number(row.id));
    byUser.set(Number(row.user_id), list);
  }
  return byUser;
}

export interface AbnormalOrder {
  id: number;
  taskId: number;
  userId: number;
  status: number;
}

/** The orders above `after` that ended abnormally (status_ 4 or 8), with their task's owner. */
export async function abnormalOrdersAfter(db: Queryable, after: number): Promise<AbnormalOrder[]> {
  const rows = await db.all<{ id: number; task_id: number; status_: number; user_id: number }>(
    `SELECT o.id, o.task_id, o.status_, t.user_id FROM task_orders o JOIN task_tasks t ON t.id = o.task_id WHERE o.id > ? AND o.status_ IN (${ABNORMAL}) ORDER BY o.id`,
    [after],
  );
  return rows.map((r) => ({ id: Number(r.id), taskId: Number(r.task_id), userId: Number(r.user_id), status: Number(r.status_) }));
}

/**
 * Where the next look at the orders may start: just below the oldest order above `after` still open (status_
 * 1 or 2, created since `openSince`), or at the newest order when none is open. An order open for longer is
 * left behind (a task stopped in the middle of it).
 */
export async function ordersSettledUpTo(db: Queryable, after: number, openSince: number): Promise<number> {
  const row = await db.get<{ open: number | null; newest: number | null }>(
    `SELECT (SELECT MIN(id) FROM task_orders WHERE id > ? AND status_ IN (${OPEN}) AND createtime >= ?) AS open, (SELECT MAX(id) FROM task_orders) AS newest`,
    [after, openSince],
  );
  return row?.open !== null && row?.open !== undefined ? Number(row.open) - 1 : Number(row?.newest ?? after);
}

export const maxOrderId = async (db: Queryable): Promise<number> =>
  Number((await db.get<{ id: number | null }>('SELECT MAX(id) AS id FROM task_orders'))?.id ?? 0);
