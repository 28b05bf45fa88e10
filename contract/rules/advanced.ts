/** The advanced settings of an API account (spec §3) and their slider rules (spec §5). */

export interface SliderRange {
  min: number;
  max: number;
  step: number;
}

export const ADVANCED_RANGES = {
  lever_risk_rate: { min: 0.2, max: 2, step: 0.01 },
  total_deposit_multiple: { min: 0, max: 20, step: 1 },
  /** spot multiple */
  proportion_ratio_spot: { min: 0, max: 20, step: 1 },
  /** futures multiple */
  proportion_ratio_deposit: { min: 1, max: 20, step: 1 },
} as const satisfies Record<string, SliderRange>;

/** Spot plus futures multiples must not exceed this. */
export const MAX_MULTIPLE_SUM = 20;

export interface Multiples {
  proportion_ratio_spot: number;
  proportion_ratio_deposit: number;
}
export type MultipleField = keyof Multiples;

const clamp = (value: number, { min, max }: { min: number; max: number }) => Math.min(max, Math.max(min, value));

/**
 * After `moved` changed: keep spot + futures ≤ 20 by lowering the other multiple (never below its
 * minimum); if the other is already at its minimum, the moved one gives way instead.
 */
export function coupleMultiples(moved: MultipleField, values: Multiples): Multiples {
  const other: MultipleField = moved === 'proportion_ratio_spot' ? 'proportion_ratio_deposit' : 'proportion_ratio_spot';
  let movedValue = clamp(Number(values[moved]) || 0, ADVANCED_RANGES[moved]);
  let otherValue = clamp(Number(values[other]) || 0, ADVANCED_RANGES[other]);
  if (movedValue + otherValue > MAX_MULTIPLE_SUM) {
    otherValue = Math.max(ADVANCED_RANGES[other].min, MAX_MULTIPLE_SUM - movedValue);
    movedValue = Math.min(movedValue, MAX_MULTIPLE_SUM - otherValue);
  }
  return { [moved]: movedValue, [other]: otherValue } as unknown as Multiples;
}

export const multiplesWithinLimit = ({ proportion_ratio_spot, proportion_ratio_deposit }: Multiples): boolean =>
  proportion_ratio_spot + proportion_ratio_deposit <= MAX_MULTIPLE_SUM;
