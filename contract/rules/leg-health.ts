/**
 * Leg health of a hedge (the console's own addition): how far a child task's two legs are
 * apart. Shared by the reference server (its engine's re-hedge, `server/store/leg-health.ts`) and the
 * console (the task card, its child rows, the task detail, /main/mobile), so every page and the engine
 * read the same figures from the same rule.
 *
 * - filled: coin held on leg A and on leg B (both directions summed);
 * - imbalance: A − B in contracts (§9 face value at leg A's mid price), signed;
 * - exposure: |A − B| coin × leg A's mid price, USDT;
 * - lastFill: ms of the last fill per leg; abnormal: orders with status_ 4 or 8 created in the last hour;
 * - state: abnormal if abnormal > 0, else unbalanced if |imbalance| ≥ 0.5 contract, else balanced.
 * A task's figures are its children's sums (lastFill the latest of them; unbalanced if any child is).
 */
import { coinToContracts } from './position-unit';

export type LegState = 'balanced' | 'unbalanced' | 'abnormal';
export interface LegHealth {
  /** coin held on leg A and leg B (both directions summed) */
  filled: [number, number];
  /** contracts (§9 face value, leg A's price), signed: A − B */
  imbalance: number;
  /** USDT, ≥ 0: |A − B| in coin × the mid price of leg A */
  exposure: number;
  /** ms of the last fill per leg */
  lastFill: [number | null, number | null];
  /** orders with status_ 4 or 8 created in the last hour */
  abnormal: number;
  state: LegState;
}
export interface TaskLegHealth extends LegHealth {
  children: Record<number, LegHealth>;
}

/** How far apart (contracts) the legs may be and still count as hedged: half a contract. */
export const UNBALANCED_CONTRACTS = 0.5;
/** Abnormal orders are counted over this window before now. */
export const ABNORMAL_WINDOW_MS = 60 * 60_000;
/** The order status_ codes that count as abnormal (§4: 4 abnormal end, 8 abnormal). */
export const ABNORMAL_ORDER_STATUSES: readonly number[] = [4, 8];

/** The §3 position data's legs, as far as leg health reads them: [[price, qty], [price, qty]] per direction. */
export interface LegPositions {
  f: readonly [readonly [number, number], readonly [number, number]];
  r: readonly [readonly [number, number], readonly [number, number]];
}

/** Coin held on legs A and B, both directions summed. */
export const heldOf = (p: LegPositions): [number, number] => [p.f[0][1] + p.r[0][1], p.f[1][1] + p.r[1][1]];

/** A − B in contracts at leg A's price. */
export const imbalanceOf = (held: readonly [number, number], currency: string, priceA: number): number => coinToContracts(held[0] - held[1], currency, priceA);
/** Whether an imbalance (contracts) leaves the legs unhedged: half a contract or more either way. */
const apart = (imbalance: number): boolean => Math.abs(imbalance) >= UNBALANCED_CONTRACTS;
/** Whether a child's or task's legs are apart (its exposure is worth showing, whatever its state). */
export const legsApart = (health: Pick<LegHealth, 'imbalance'>): boolean => apart(health.imbalance);
/** Whether legs holding `held` are unbalanced (|A − B| ≥ half a contract at leg A's price): the engine's re-hedge reads this. */
export const isUnbalanced = (held: readonly [number, number], currency: string, priceA: number): boolean => apart(imbalanceOf(held, currency, priceA));

export const legStateOf = (unbalanced: boolean, abnormal: number): LegState => (abnormal > 0 ? 'abnormal' : unbalanced ? 'unbalanced' : 'balanced');

/** One child's leg health from its position, leg A's mid price, its last fills and abnormal orders of the last hour. */
export function childLegHealth(
  position: LegPositions,
  currency: string,
  midA: number,
  lastFill: readonly [number | null, number | null],
  abnormal: number,
): LegHealth {
  const filled = heldOf(position);
  const imbalance = imbalanceOf(filled, currency, midA);
  return {
    filled,
    imbalance,
    exposure: Math.abs(filled[0] - filled[1]) * midA,
    lastFill: [lastFill[0], lastFill[1]],
    abnormal,
    state: legStateOf(apart(imbalance), abnormal),
  };
}

/** Some child of the task has its legs apart (the state says abnormal first when it also has abnormal orders). */
export const someLegsApart = (task: Pick<TaskLegHealth, 'children'>): boolean => Object.values(task.children).some(legsApart);

const later = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.max(a, b));

/** A task's leg health: the sum of its children's (the one sum every page shows). */
export function taskLegHealth(children: Record<number, LegHealth>): TaskLegHealth {
  const rows = Object.values(children);
  const sum = (pick: (h: LegHealth) => number) => rows.reduce((s, h) => s + pick(h), 0);
  const abnormal = sum((h) => h.abnormal);
  return {
    filled: [sum((h) => h.filled[0]), sum((h) => h.filled[1])],
    imbalance: sum((h) => h.imbalance),
    exposure: sum((h) => h.exposure),
    lastFill: [rows.reduce<number | null>((t, h) => later(t, h.lastFill[0]), null), rows.reduce<number | null>((t, h) => later(t, h.lastFill[1]), null)],
    abnormal,
    state: legStateOf(rows.some(legsApart), abnormal),
    children,
  };
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPair = (v: unknown, item: (x: unknown) => boolean): boolean => Array.isArray(v) && v.length === 2 && v.every(item);
const STATES: readonly string[] = ['balanced', 'unbalanced', 'abnormal'] satisfies LegState[];

/** One LegHealth as sent, or undefined when it is not one (the console shows nothing then). */
const legHealthEntry = (value: unknown): LegHealth | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const h = value as Record<string, unknown>;
  const ok =
    isPair(h.filled, isNumber) &&
    isNumber(h.imbalance) &&
    isNumber(h.exposure) &&
    isPair(h.lastFill, (x) => x === null || isNumber(x)) &&
    isNumber(h.abnormal) &&
    typeof h.state === 'string' &&
    STATES.includes(h.state);
  return ok ? (h as unknown as LegHealth) : undefined;
};

/** The task socket's `leg_health` (the console's own addition), or undefined when absent or malformed. */
export function legHealthOf(value: unknown): TaskLegHealth | undefined {
  const task = legHealthEntry(value);
  const children = (value as { children?: unknown } | undefined)?.children;
  if (!task || typeof children !== 'object' || children === null) return undefined;
  const rows: Record<number, LegHealth> = {};
  for (const [id, child] of Object.entries(children)) {
    const entry = legHealthEntry(child);
    if (entry) rows[Number(id)] = entry;
  }
  return { ...task, children: rows };
}
