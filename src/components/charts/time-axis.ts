import { EMPTY_VALUE, formatMinute } from '../../domain/format';

/** A time → 'MM-DD HH:mm' (an axis label without the year); text that is not a time stays as it is. */
export const shortTime = (time: unknown): string => {
  const minute = time instanceof Date || typeof time === 'string' ? formatMinute(time) : EMPTY_VALUE;
  return minute === EMPTY_VALUE ? String(time) : minute.slice(5);
};

/**
 * The x axis of every chart over time: a few level labels without the year, never rotated, so a
 * phone-wide chart keeps its height for the line rather than for a fan of dates.
 */
export const TIME_AXIS_X = { labelAutoHide: true, labelAutoRotate: false, tickCount: 4, labelFormatter: shortTime } as const;
