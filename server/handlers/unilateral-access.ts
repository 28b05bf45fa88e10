/** What the unilateral handlers share: who may see and change what, reading payload lists and windows. */
import { can, type Action } from '#contract/rules/permissions';
import { CYCLE_MS, isCycle, type Cycle } from '#contract/rules/unilateral';
import type { SessionUser } from '../http/auth';
import { CODE, fail, invalid } from '../http/envelope';
import { parseSecond } from '../clock/time';
import { listOf, type Payload } from '../http/validate';
import type { Queryable } from '../store/queryable';
import { findUStrategy, followTaskView, type FollowTaskView, type StrategyRow } from '../store/unilateral';

/** The unilateral side's admin: the super user or a pes-1 login (spec §6): sees hidden strategies, and every user's follow tasks in the monitoring. */
export const isUnilateralAdmin = (user: SessionUser): boolean => can(user, 'unilateral-strategies', 'status');

/** A call that serves two keys (start/stop, hide/show) checks the one of the value asked for. */
export function requireStrategyAction(user: SessionUser, action: Action<'unilateral-strategies'>, key: string): void {
  if (!can(user, 'unilateral-strategies', action)) throw fail(CODE.forbidden, 'err.strategyKey', { key });
}

export async function strategyOr404(db: Queryable, id: number, user: SessionUser): Promise<StrategyRow> {
  const row = await findUStrategy(db, id);
  // a hidden strategy is not found by those who cannot see it
  if (!row || (row.target !== 1 && !isUnilateralAdmin(user))) throw fail(CODE.notFound, 'err.strategyNotFound');
  return row;
}

/**
 * The follow task of an API, the caller's own: another user's is not found, for every role. The
 * unilateral admin sees every user's follow tasks in the monitoring (a name and a status light each,
 * spec §2, §6), but reads, changes or stops only its own (docs/AUTHORIZATION.md).
 */
export async function followTaskOr404(db: Queryable, apiId: number, user: SessionUser): Promise<FollowTaskView> {
  const task = await followTaskView(db, apiId);
  if (!task || task.user_id !== user.id) throw fail(CODE.notFound, 'err.followTaskNotFound');
  return task;
}

/** Coin names, each one of `allowed`, lower case. */
export function coinList(payload: Payload, field: string, allowed: readonly string[]): string[] {
  const coins = listOf(payload, field).map((c) => String(c).trim().toLowerCase());
  for (const coin of coins) if (!allowed.includes(coin)) throw invalid('err.currency', { currency: coin });
  return [...new Set(coins)];
}

export interface TimeWindow {
  from: number;
  to: number;
}

/** startTime / endTime 'YYYY-MM-DD HH:mm:ss' (UTC+8), start before end; `defaultDays` back from now when both are missing. */
export function timeWindow(payload: Payload, now: number, defaultDays: number): TimeWindow {
  const given = (field: string) => (typeof payload[field] === 'string' && payload[field] !== '' ? parseSecond(payload[field] as string) : undefined);
  const from = given('startTime');
  const to = given('endTime');
  if (from === undefined && to === undefined) return { from: now - defaultDays * 86_400_000, to: now };
  if (from === undefined || Number.isNaN(from)) throw invalid('err.required', { field: 'startTime' });
  if (to === undefined || Number.isNaN(to)) throw invalid('err.required', { field: 'endTime' });
  return { from, to: Math.min(to, now) };
}

export function cycleOf(payload: Payload): Cycle {
  const cycle = payload.cycle;
  if (!isCycle(cycle)) throw invalid('err.oneOf', { field: 'cycle', values: Object.keys(CYCLE_MS).join(' / ') });
  return cycle;
}
