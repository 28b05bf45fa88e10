import dayjs from 'dayjs';

/** A time → 'MM-DD HH:mm' (an axis label without the year); text that is not a time stays as it is. */
export const shortTime = (time: unknown): string => {
  if (time instanceof Date) return dayjs(time).format('MM-DD HH:mm');
  const text = String(time);
  return /^\d{4}-/.test(text) ? text.slice(5, 16) : text;
};

/**
 * The x axis of every chart over time: a few level labels without the year, never rotated, so a
 * phone-wide chart keeps its height for the line rather than for a fan of dates.
 */
export const TIME_AXIS_X = { labelAutoHide: true, labelAutoRotate: false, tickCount: 4, labelFormatter: shortTime } as const;
