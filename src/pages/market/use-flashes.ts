import { useRef } from 'react';
import { leadingNumber, type MarketRow } from '../../domain/market';

/** The fields of a row that flash when they change. */
export const FLASHING_FIELDS = ['a_buy', 'b_sell', 'positive', 'negative'] as const;
export type FlashingField = (typeof FLASHING_FIELDS)[number];

export interface Flash {
  direction: 'up' | 'down';
  /** grows at every change, so the cell's animation starts again */
  count: number;
}

interface Memory {
  rows: readonly MarketRow[] | undefined;
  values: Map<string, number>;
  flashes: Map<string, Flash>;
}

export const flashKey = (currency: string, field: FlashingField) => `${currency}|${field}`;

/**
 * Which cells moved since the previous rows, and which way. Worked out once per new `rows` object
 * (the same rows twice change nothing), with no timer: the flash is a CSS animation.
 */
export function useFlashes(rows: readonly MarketRow[] | undefined): ReadonlyMap<string, Flash> {
  const memory = useRef<Memory>({ rows: undefined, values: new Map(), flashes: new Map() });
  const current = memory.current;
  if (rows === current.rows) return current.flashes;
  const flashes = new Map(current.flashes);
  const values = new Map<string, number>();
  rows?.forEach((row) => {
    FLASHING_FIELDS.forEach((field) => {
      const key = flashKey(row.currency_type, field);
      const value = leadingNumber(row[field]);
      if (!Number.isFinite(value)) return;
      values.set(key, value);
      const before = current.values.get(key);
      if (before === undefined || before === value) return;
      flashes.set(key, { direction: value > before ? 'up' : 'down', count: (flashes.get(key)?.count ?? 0) + 1 });
    });
  });
  memory.current = { rows, values, flashes };
  return flashes;
}
