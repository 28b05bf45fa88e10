/**
 * Times shown to users are China Standard Time (UTC+8, no daylight saving), whatever the host's zone:
 * the console is Chinese-first and the exchanges it trades on report in that zone.
 */
const OFFSET_MS = 8 * 60 * 60 * 1000;
export const MINUTE_MS = 60_000;

const shifted = (ms: number): string => new Date(ms + OFFSET_MS).toISOString();

/** 'YYYY-MM-DD HH:mm' */
export const formatMinute = (ms: number): string => shifted(ms).slice(0, 16).replace('T', ' ');
/** 'YYYY-MM-DD HH:mm:ss' */
export const formatSecond = (ms: number): string => shifted(ms).slice(0, 19).replace('T', ' ');

export const floorMinute = (ms: number): number => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

/** 'YYYY-MM-DD HH:mm:ss' (or 'YYYY-MM-DD') read as China Standard Time → ms; NaN when it is not such a time. */
export function parseSecond(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - OFFSET_MS;
}
