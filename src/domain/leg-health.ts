/**
 * Leg health of a hedge (issue 24, the console's own addition): how far a child task's two legs are
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

/** Whether legs `held` apart are unbalanced (|A − B| ≥ half a contract at leg A's price). */
export const isUnbalanced = (held: readonly [number, number], currency: string, priceA: number): boolean =>
  Math.abs(coinToContracts(held[0] - held[1], currency, priceA)) >= UNBALANCED_CONTRACTS;

export const legStateOf = (unbalanced: boolean, abnormal: number): LegState => (abnormal > 0 ? 'abnormal' : unbalanced ? 'unbalanced' : 'balanced');

/** One child's leg health from its position, leg A's mid price, its last fills and abnormal orders of the last hour. */
export function childLegHealth(position: LegPositions, currency: string, midA: number, lastFill: readonly [number | null, number | null], abnormal: number): LegHealth {
  const filled = heldOf(position);
  const diff = filled[0] - filled[1];
  const imbalance = coinToContracts(diff, currency, midA);
  return {
    filled,
    imbalance,
    exposure: Math.abs(diff) * midA,
    lastFill: [lastFill[0], lastFill[1]],
    abnormal,
    state: legStateOf(Math.abs(imbalance) >= UNBALANCED_CONTRACTS, abnormal),
  };
}

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
    state: legStateOf(
      rows.some((h) => Math.abs(h.imbalance) >= UNBALANCED_CONTRACTS),
      abnormal,
    ),
    children,
  };
}

/** Age of a leg's last fill at `now` in whole seconds, or null when it never filled. */
export const fillAgeSeconds = (lastFill: number | null, now: number): number | null => (lastFill === null ? null : Math.max(0, Math.floor((now - lastFill) / 1000)));
