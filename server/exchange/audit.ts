/**
 * The audit log's writer: what a trading client sent, in order, without its secrets. Rows are queued and written
 * outside the caller's async context (the server's root), so a request made inside someone's database transaction
 * is logged even when that transaction rolls back, and never waits for it.
 */
import { AsyncResource } from 'node:async_hooks';
import type { Db } from '../store/queryable';
import { insertAuditRows, type NewAuditRow } from '../store/audit';

/** How much of a request or a reply a row keeps. */
export const AUDIT_TEXT_MAX = 1000;

/** Field names that carry a secret or a signature: dropped from what is logged, at any depth. */
const SECRET_FIELD = /^(secret|apisecret|apitoken|password|passphrase|sign|signature|privatekey|token)$/i;
/** A signature in a query string (Binance signs in the URL an error message may quote). */
const SIGNED_QUERY = /(signature|sign)=[^&\s"]+/gi;

/** The value without the fields that carry secrets (JSON-able values only: others become their string). */
export function withoutSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return '…';
  if (Array.isArray(value)) return value.map((item) => withoutSecrets(item, depth + 1));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([key]) => !SECRET_FIELD.test(key));
    return Object.fromEntries(entries.map(([key, item]) => [key, withoutSecrets(item, depth + 1)]));
  }
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** One line of at most AUDIT_TEXT_MAX characters, with every literal secret of the account and every URL signature masked. */
export function auditText(value: unknown, secrets: readonly string[]): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(withoutSecrets(value)) ?? '');
  } catch {
    text = String(value);
  }
  for (const secret of secrets) if (secret.length >= 4) text = text.split(secret).join('***');
  text = text.replace(SIGNED_QUERY, '$1=***').replace(/\s+/g, ' ');
  return text.length > AUDIT_TEXT_MAX ? `${text.slice(0, AUDIT_TEXT_MAX - 1)}…` : text;
}

export interface AuditWriter {
  write(row: NewAuditRow): void;
  /** other writes of the clients (the exchange_down marks), in the same order and scope as the rows. */
  later(work: () => Promise<void>): void;
  /** resolves when every row and work queued so far is done. */
  settled(): Promise<void>;
}

export function auditWriter(db: Db, keep: () => number): AuditWriter {
  // created at server start, outside any transaction: the writes run in this scope, not their caller's
  const root = new AsyncResource('exchange-audit');
  let queue: NewAuditRow[] = [];
  let tail: Promise<void> = Promise.resolve();
  const log = (error: unknown) => console.error('[server] exchange audit:', error);
  const enqueue = (work: () => Promise<void>) => root.runInAsyncScope(() => (tail = tail.then(work).catch(log)));
  const flush = () => {
    const rows = queue;
    queue = [];
    return insertAuditRows(db, rows, keep());
  };
  return {
    write(row) {
      queue.push(row);
      if (queue.length === 1) enqueue(flush);
    },
    later: enqueue,
    settled: () => root.runInAsyncScope(() => tail),
  };
}
