/**
 * The alert rules on the server's clock: every second, while some user has a rule, every rule
 * is evaluated (contract/rules/alerts.ts says what each kind means); what fires is written to the alert log
 * with whether the message channel (the SMS stand-in) would send it — at most one per user per the
 * global config's messageIntervalTime — and 'alert.created' tells the alert feed. What a rule remembers
 * per subject (on the far side, since when, its last fire for the cooldown) is kept with the rule, so a
 * restart neither forgets a cooldown nor fires a crossing twice.
 *
 * Sources, each injectable:
 * - spreads: the board's own rows (`marketRow` of the server's one market);
 * - leg balance (`LegHealthSource`: server/main.ts hands in the task engine's ledgers: some child's legs apart, and
 *   the exposure the task pages show; a task with abnormal orders whose legs are apart is unbalanced too);
 * - orders: the task_orders table, the abnormal ones above the last order up to which all had ended (an order
 *   still open is looked at again until it ends, for an hour at most);
 * - feeds (`FeedAgeSource`): how long an exchange's market data has been stale — every quote of it the
 *   server has, spot of the nine currencies; a test or the demo can hand in another source.
 */
import type { AppContext } from '../context';
import { clockLoop } from '../clock/loop';
import { CURRENCIES, EXCHANGES, marketRow, type MarketSource, type MarketTable } from '../market';
import { DEFAULT_GLOBAL_CONFIG } from '../store/defaults';
import { readGlobalConfig } from '../store/global-config';
import {
  abnormalOrdersAfter,
  allRules,
  insertAlert,
  lastSentAt,
  maxOrderId,
  ordersSettledUpTo,
  runningTasksByUser,
  saveRuleState,
  type NewAlert,
  type StoredRule,
} from '../store/alerts';
import { FRESH_SUBJECT, isBeyond, spreadPercent, step, wouldSend, type SubjectState } from '#contract/rules/alerts';
import { SPOT_CONTRACT } from '#contract/rules/codes';

/** The leg health of running tasks (risk-common.md: the leg-health part's figures, narrowed to what the rules read). */
/** `apart`: some child of the task has its legs apart (contract/rules/leg-health.ts `someLegsApart`). */
export type LegBalance = { apart: boolean; exposure: number };
export type LegHealthSource = (taskIds: readonly number[], now: number) => Promise<Map<number, LegBalance>>;
/** Whole seconds an exchange's market data has been stale at `now`. */
export type FeedAgeSource = (exchange: number, now: number) => number;

/** A source without figures: every task reads balanced (tests that do not look at leg health). */
export const noLegHealth: LegHealthSource = async () => new Map();

/** An exchange is down when none of its quotes is fresh: the youngest spot quote's age (fallback quotes of live mode left out). */
export const marketFeedAge =
  (prices: MarketSource): FeedAgeSource =>
  (exchange, now) => {
    let youngest = Infinity;
    for (const currency of CURRENCIES) {
      const quote = prices.quote(exchange as (typeof EXCHANGES)[number], currency, SPOT_CONTRACT, now);
      if (!quote.fallback) youngest = Math.min(youngest, quote.validity);
    }
    return Number.isFinite(youngest) ? youngest : 0;
  };

export interface AlertEngineOptions {
  legHealth?: LegHealthSource;
  feedAge?: FeedAgeSource;
}

const TICK_MS = 1000;
const HOUR_MS = 3_600_000;
const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** One evaluation of every rule, for the ticker and the bench. */
export interface AlertEvaluator {
  evaluate(at: number): Promise<void>;
  /** the rules changed (a call saved or deleted one): read them again at the next evaluation. */
  reload(): void;
  /** how many rules there are now (read at the last evaluation, or at start). */
  ruleCount(): Promise<number>;
}

export function createAlertEvaluator(ctx: AppContext, options: AlertEngineOptions = {}): AlertEvaluator {
  const legHealth = options.legHealth ?? noLegHealth;
  const feedAge = options.feedAge ?? marketFeedAge(ctx.market.prices);
  let rules: StoredRule[] | null = null;
  // orders: every order up to `settled` has ended and been looked at; the abnormal ones above it already alerted
  let settled: number | null = null;
  const alerted = new Set<number>();

  const load = async () => (rules ??= await allRules(ctx.db));

  /** The abnormal orders (status_ 4, 8) that ended since the last look, per user: [taskId, orderId, status]. */
  const abnormalOrders = async (at: number): Promise<Map<number, [number, number, number][]>> => {
    const byUser = new Map<number, [number, number, number][]>();
    if (settled === null) {
      settled = await maxOrderId(ctx.db);
      return byUser;
    }
    for (const order of await abnormalOrdersAfter(ctx.db, settled)) {
      if (alerted.has(order.id)) continue;
      alerted.add(order.id);
      const list = byUser.get(order.userId) ?? [];
      list.push([order.taskId, order.id, order.status]);
      byUser.set(order.userId, list);
    }
    settled = await ordersSettledUpTo(ctx.db, settled, at - HOUR_MS);
    for (const id of alerted) if (id <= settled) alerted.delete(id);
    return byUser;
  };

  const evaluate = async (at: number): Promise<void> => {
    const stored = await load();
    if (!stored.length) return;
    const kinds = new Set(stored.map((s) => s.rule.kind));
    const running = kinds.has('unbalanced') ? await runningTasksByUser(ctx.db) : new Map<number, number[]>();
    const taskIds = [...new Set(stored.filter((s) => s.rule.kind === 'unbalanced').flatMap((s) => running.get(s.userId) ?? []))];
    const health = taskIds.length ? await legHealth(taskIds, at) : new Map<number, LegBalance>();
    const abnormal = kinds.has('abnormal') ? await abnormalOrders(at) : new Map<number, [number, number, number][]>();
    const ages = kinds.has('feed') ? new Map(EXCHANGES.map((e) => [e, feedAge(e, at)])) : new Map<number, number>();

    const fired: Omit<NewAlert, 'sent'>[] = [];
    const changed: StoredRule[] = [];
    for (const entry of stored) {
      const { rule, userId } = entry;
      const cooldownMs = rule.cooldownSeconds * 1000;
      const next: Record<string, SubjectState> = {};
      const judge = (subject: string, beyond: boolean, holdMs: number): boolean => {
        const out = step(entry.state[subject] ?? FRESH_SUBJECT, beyond, at, holdMs, cooldownMs);
        // a subject with nothing to remember (on the near side, never fired) is not kept: most tasks are balanced
        if (out.state.beyond || out.state.firedAt !== null) next[subject] = out.state;
        return out.fire;
      };
      const fire = (params: NewAlert['params'], link: NewAlert['link']) => fired.push({ userId, ruleId: rule.id, kind: rule.kind, params, link, at });

      if (rule.kind === 'spread') {
        const row = marketRow(ctx.market.prices, rule.table as MarketTable, rule.currency as (typeof CURRENCIES)[number], at);
        const value = spreadPercent(row[rule.field]);
        if (!Number.isFinite(value)) continue;
        if (judge('row', isBeyond(value, rule.direction, rule.threshold), 0)) {
          fire(
            {
              currency: rule.currency.toUpperCase(),
              field: rule.field,
              direction: rule.direction,
              value: round(value, 4),
              threshold: rule.threshold,
              table: rule.table.join('-'),
            },
            { table: rule.table, currency: rule.currency },
          );
        }
      } else if (rule.kind === 'unbalanced') {
        for (const taskId of running.get(userId) ?? []) {
          const leg = health.get(taskId);
          if (judge(`task:${taskId}`, leg?.apart === true, rule.seconds * 1000)) {
            fire({ task: taskId, seconds: rule.seconds, exposure: round(leg?.exposure ?? 0, 2) }, { task: taskId });
          }
        }
      } else if (rule.kind === 'abnormal') {
        // an order is an event, not a level: each fires unless its task's cooldown holds it back
        for (const [subject, state] of Object.entries(entry.state)) if (state.firedAt !== null && at - state.firedAt < cooldownMs) next[subject] = state;
        for (const [taskId, orderId, status] of abnormal.get(userId) ?? []) {
          const subject = `task:${taskId}`;
          if (next[subject]) continue;
          next[subject] = { ...FRESH_SUBJECT, firedAt: at };
          fire({ task: taskId, order: orderId, status }, { task: taskId });
        }
      } else {
        for (const [exchange, age] of ages) {
          if (judge(`exchange:${exchange}`, age >= rule.seconds, 0)) fire({ exchange, seconds: age }, null);
        }
      }
      if (JSON.stringify(next) !== JSON.stringify(entry.state)) {
        entry.state = next;
        changed.push(entry);
      }
    }
    if (!fired.length && !changed.length) return;

    const created: { userId: number; alertId: number }[] = [];
    await ctx.db.transaction(async (tx) => {
      const { messageIntervalTime } = await readGlobalConfig(tx, DEFAULT_GLOBAL_CONFIG);
      const lastSent = new Map<number, number | null>();
      for (const alert of fired) {
        if (!lastSent.has(alert.userId)) lastSent.set(alert.userId, await lastSentAt(tx, alert.userId));
        const sent = wouldSend(lastSent.get(alert.userId) ?? null, at, messageIntervalTime);
        if (sent) lastSent.set(alert.userId, at);
        created.push({ userId: alert.userId, alertId: await insertAlert(tx, { ...alert, sent }) });
      }
      for (const entry of changed) await saveRuleState(tx, entry.rule.id, entry.state);
    });
    for (const event of created) ctx.bus.emit('alert.created', event);
  };

  return {
    evaluate,
    reload: () => {
      rules = null;
    },
    ruleCount: async () => (await load()).length,
  };
}

export interface AlertEngine {
  /** the rules changed: read them again, and tick while there are some. */
  rulesChanged(): void;
  stop(): void;
  /** resolves when every evaluation queued so far is done. */
  idle(): Promise<void>;
}

const engines = new WeakMap<AppContext, AlertEngine>();

/** Tells the server's alert engine that a user's rules changed (the rule calls). */
export const rulesChanged = (ctx: AppContext): void => engines.get(ctx)?.rulesChanged();

/** The evaluator on the server's clock: a tick a second while some rule exists (an idle server has no timer pending). */
export function startAlertEngine(ctx: AppContext, options: AlertEngineOptions = {}): AlertEngine {
  const evaluator = createAlertEvaluator(ctx, options);
  const loop = clockLoop(ctx.clock, { name: 'alerts', everyMs: TICK_MS, overlap: 'queue', run: (at) => evaluator.evaluate(at) });
  const check = () =>
    loop.enqueue(async () => {
      const count = await evaluator.ruleCount();
      if (count) loop.start();
      else loop.pause();
    });
  const engine: AlertEngine = {
    rulesChanged: () => {
      evaluator.reload();
      check();
    },
    stop: () => {
      loop.pause();
      engines.delete(ctx);
    },
    idle: () => loop.idle(),
  };
  engines.set(ctx, engine);
  check();
  return engine;
}
