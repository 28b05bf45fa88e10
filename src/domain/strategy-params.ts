import type { ParamValue } from '#contract/types/tasks';

/** One row of the default-parameter editor: a name and its value (or description) as typed. */
export interface ParamRow {
  name?: string;
  value?: string;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a typed value means: JSON numbers, booleans and objects (dlt {CW, NW, CQ, NQ}) keep their
 * type; anything else is the text itself. `"2"` (quoted) stays the string 2.
 */
export function parseParamValue(text: string | undefined): ParamValue {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return '';
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (typeof parsed === 'number' || typeof parsed === 'boolean' || typeof parsed === 'string' || isPlainObject(parsed)) {
      return parsed as ParamValue;
    }
  } catch {
    /* plain text */
  }
  return text ?? '';
}

/** The text a value is edited as; a string that would read back as something else is quoted. */
export function formatParamValue(value: unknown): string {
  if (typeof value === 'string') return parseParamValue(value) === value ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? '';
}

/** Why a row cannot be saved: an i18n key of the strategies namespace, or null when it is fine. */
export function paramRowProblem(row: ParamRow | undefined, rows: (ParamRow | undefined)[]): string | null {
  const name = (row?.name ?? '').trim();
  const value = (row?.value ?? '').trim();
  if (!name && !value) return 'messages.paramEmpty';
  if (!name) return 'messages.paramNameMissing';
  if (rows.filter((other) => (other?.name ?? '').trim() === name).length > 1) return 'messages.paramNameDuplicate';
  if (/^[{[]/.test(value) && !isPlainObject(parseParamValue(value))) return 'messages.paramValueJson';
  return null;
}

export const paramsToRows = (params: Record<string, unknown>): ParamRow[] =>
  Object.entries(params).map(([name, value]) => ({ name, value: formatParamValue(value) }));

export function rowsToParams(rows: (ParamRow | undefined)[] | undefined): Record<string, ParamValue> {
  const params: Record<string, ParamValue> = {};
  for (const row of rows ?? []) {
    const name = (row?.name ?? '').trim();
    if (name) params[name] = parseParamValue(row?.value);
  }
  return params;
}

/** The default parameters of a strategy record (`default_params` is JSON text), or null when unreadable. */
export function readDefaultParams(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** A new strategy_sole_id: 32 hex characters (the server accepts [A-Za-z0-9_-]{1,64}). */
export function newStrategySoleId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
