/**
 * Alerts: the rules a user sets, the alerts they make, and the pure decisions the
 * reference server takes on them (server/alerts/engine.ts), shared with the console's bell and rule dialog.
 *
 * Rules, per user:
 * - `spread`: one row of a /market spread table (the table config and the row's currency) and one of its
 *   spread fields (`positive` = A bid − B ask, `negative` = A ask − B bid), in percent; fires when the
 *   spread crosses the threshold (above or below it), once per crossing.
 * - `unbalanced`: any of the user's running tasks has been unbalanced (leg health state) for `seconds`.
 * - `abnormal`: an order of one of the user's tasks ended abnormally (status_ 4 or 8).
 * - `feed`: an exchange's market data has been stale for `seconds` (every quote of it not refreshed).
 * Every rule has a cooldown: after it fired for a subject (a row, a task, an exchange), the same rule does
 * not fire again for that subject within `cooldownSeconds` (a crossing in that time is swallowed).
 */
import type { MarketTable } from '../types/market';
import { tableKey } from './market';

export const ALERT_KINDS = ['spread', 'unbalanced', 'abnormal', 'feed'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const SPREAD_FIELDS = ['positive', 'negative'] as const;
export type SpreadField = (typeof SPREAD_FIELDS)[number];
export const DIRECTIONS = ['above', 'below'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export interface SpreadRuleParams {
  table: MarketTable;
  currency: string;
  field: SpreadField;
  direction: Direction;
  /** percent, as the board shows it after the '/' */
  threshold: number;
}
export interface DurationRuleParams {
  seconds: number;
}

export type AlertRuleParams =
  | ({ kind: 'spread' } & SpreadRuleParams)
  | ({ kind: 'unbalanced' } & DurationRuleParams)
  | { kind: 'abnormal' }
  | ({ kind: 'feed' } & DurationRuleParams);

export type AlertRule = AlertRuleParams & { id: number; cooldownSeconds: number };

/** Sensible defaults: the user changes them in the bell's rule dialog. */
export const ALERT_DEFAULTS = {
  cooldownSeconds: 60,
  unbalancedSeconds: 60,
  feedSeconds: 30,
  /** the console's own sockets: a notification when one has been reconnecting this long (browser setting) */
  socketSeconds: 30,
} as const;
export const ALERT_LIMITS = { seconds: { min: 1, max: 86_400 }, threshold: { min: -100, max: 100 }, rulesPerUser: 100 } as const;

/** Where an alert leads: a task's detail page, or a row of the /market board. */
export type AlertLink = { task: number } | { table: MarketTable; currency: string } | null;

/** One alert of the log, as /alert/list and the alert feed send it. */
export interface AlertItem {
  id: number;
  ruleId: number;
  kind: AlertKind;
  /** the message's params (alerts:message.<kind>): currency, value, threshold, task, seconds, exchange… */
  params: Record<string, string | number>;
  at: number;
  read: boolean;
  /** the message channel (SMS stand-in) would send it: at most one per messageIntervalTime per user */
  sent: boolean;
  link: AlertLink;
}

/** The alert feed's message: the unread count and the newest alerts; the voice interval of the global config. */
export interface AlertFeedData {
  unread: number;
  latest: AlertItem[];
  /** seconds (global config voiceIntervalTime) */
  voiceIntervalTime: number;
}

/** How many alerts the feed carries (the bell's list pages the rest through /alert/list). */
export const ALERT_FEED_LATEST = 10;

/** The percent of a board spread field ('12.3/0.0205%' → 0.0205); NaN when there is none. */
export function spreadPercent(text: string | undefined): number {
  const part = text?.split('/')[1];
  return part === undefined ? NaN : Number.parseFloat(part);
}

export const isBeyond = (value: number, direction: Direction, threshold: number): boolean => (direction === 'above' ? value > threshold : value < threshold);

/** What a rule remembers of one subject between evaluations. */
export interface SubjectState {
  /** spread: on the far side of the threshold at the last evaluation; durations: since when the condition holds (ms), null = it does not */
  beyond: boolean;
  since: number | null;
  /** the condition already fired for this crossing or episode */
  fired: boolean;
  /** when the rule last fired for this subject (ms), for the cooldown */
  firedAt: number | null;
}

export const FRESH_SUBJECT: SubjectState = { beyond: false, since: null, fired: false, firedAt: null };

/**
 * One evaluation of an edge rule on one subject: `beyond` says whether the condition holds now and
 * `holdMs` how long it must have held (0 for a crossing). Fires once per episode (the condition held
 * long enough), never twice within the cooldown after the last fire (that episode is swallowed).
 * A rule starts not beyond, so a threshold already crossed when it is set fires at once.
 */
export function step(state: SubjectState, beyond: boolean, now: number, holdMs: number, cooldownMs: number): { state: SubjectState; fire: boolean } {
  if (!beyond) return { state: { ...state, beyond: false, since: null, fired: false }, fire: false };
  const since = state.beyond && state.since !== null ? state.since : now;
  if (state.beyond && state.fired) return { state: { ...state, since }, fire: false };
  if (now - since < holdMs) return { state: { ...state, beyond: true, since, fired: false }, fire: false };
  const cooling = state.firedAt !== null && now - state.firedAt < cooldownMs;
  // a swallowed episode counts as handled: it does not fire later when the cooldown ends
  return { state: { beyond: true, since, fired: true, firedAt: cooling ? state.firedAt : now }, fire: !cooling };
}

/** The message channel (SMS stand-in): an alert would be sent when none was sent in the last interval. */
export const wouldSend = (lastSentAt: number | null, now: number, messageIntervalSeconds: number): boolean =>
  lastSentAt === null || now - lastSentAt >= messageIntervalSeconds * 1000;

/** At most one spoken alert per voiceIntervalTime (seconds). */
export const maySpeak = (lastSpokenAt: number | null, now: number, voiceIntervalSeconds: number): boolean =>
  lastSpokenAt === null || now - lastSpokenAt >= voiceIntervalSeconds * 1000;

/** The route an alert links to. */
export function alertHref(link: AlertLink): string | null {
  if (!link) return null;
  if ('task' in link) return `/task/taskDetail?id=${link.task}`;
  return `/market#${tableKey(link.table)}`;
}
