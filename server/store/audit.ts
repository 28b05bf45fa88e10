import type { AuditEntry } from '#contract/types/api-accounts';
import type { Queryable } from './queryable';

/**
 * The audit log (migration 16): every request a trading client sent to an exchange (server/exchange/audit.ts writes
 * it). A row belongs to an API account (0: a key refused before it was stored) and to that account's owner, who
 * reads it; `user_id` is who caused the request (0: the server itself).
 */

export interface NewAuditRow {
  apiId: number;
  ownerId: number;
  userId: number;
  bourseId: number;
  at: number;
  method: string;
  request: string;
  ok: boolean;
  reply: string;
}

const insertStatement = (row: NewAuditRow) => ({
  sql: 'INSERT INTO exchange_audit (api_id, owner_id, user_id, bourse_id, at, method, request, ok, reply) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  args: [row.apiId, row.ownerId, row.userId, row.bourseId, row.at, row.method, row.request, row.ok, row.reply],
});

/** Keeps the newest `keep` rows of one account (of one owner, for the rows of refused keys). */
const pruneStatement = (apiId: number, ownerId: number, keep: number) => ({
  sql: `DELETE FROM exchange_audit WHERE api_id = ? AND owner_id = ? AND id <= (
          SELECT id FROM exchange_audit WHERE api_id = ? AND owner_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
  args: [apiId, ownerId, apiId, ownerId, keep],
});

/** Writes the rows in order, then trims each account they touched to its newest `keep`. */
export async function insertAuditRows(db: Queryable, rows: readonly NewAuditRow[], keep: number): Promise<void> {
  if (!rows.length) return;
  const accounts = new Map(rows.map((row) => [`${row.apiId}:${row.ownerId}`, row]));
  // a log of what was sent: it need not wait for the disk (WriteOptions)
  await db.batch([...rows.map(insertStatement), ...[...accounts.values()].map((row) => pruneStatement(row.apiId, row.ownerId, keep))], { durable: false });
}

/** Whose rows a page shows: one account's, one owner's, or everyone's (the super user without a filter). */
export type AuditScope = { apiId: number } | { ownerId: number } | 'all';

const whereOf = (scope: AuditScope): { sql: string; args: number[] } => {
  if (scope === 'all') return { sql: '', args: [] };
  if ('apiId' in scope) return { sql: 'WHERE e.api_id = ?', args: [scope.apiId] };
  return { sql: 'WHERE e.owner_id = ?', args: [scope.ownerId] };
};

/** A page of rows, newest first (`page` from 1). */
export async function pageAudit(db: Queryable, scope: AuditScope, page: number, size: number): Promise<{ total: number; list: AuditEntry[] }> {
  const where = whereOf(scope);
  const total = await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM exchange_audit e ${where.sql}`, where.args);
  const rows = await db.all<{
    id: number;
    at: number;
    user_id: number;
    api_id: number;
    bourse_name: string | null;
    bourse_id: number;
    method: string;
    request: string;
    ok: number;
    reply: string;
  }>(
    `SELECT e.id, e.at, e.user_id, e.api_id, e.bourse_id, b.name AS bourse_name, e.method, e.request, e.ok, e.reply
     FROM exchange_audit e LEFT JOIN bourses b ON b.id = e.bourse_id ${where.sql} ORDER BY e.id DESC LIMIT ? OFFSET ?`,
    [...where.args, size, (page - 1) * size],
  );
  return {
    total: Number(total?.n ?? 0),
    list: rows.map((row) => ({
      id: Number(row.id),
      at: Number(row.at),
      userId: Number(row.user_id),
      apiId: Number(row.api_id),
      bourse_name: row.bourse_name ?? String(row.bourse_id),
      method: row.method,
      request: row.request,
      ok: Boolean(row.ok),
      reply: row.reply,
    })),
  };
}
