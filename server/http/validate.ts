import { invalid } from './envelope';

/**
 * Readers for payload fields. Query and form values arrive as strings, JSON values typed; every
 * reader accepts both and throws a 400 naming the field when the value does not fit.
 */
export type Payload = Record<string, unknown>;

const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

export const has = (payload: Payload, field: string): boolean => !isBlank(payload[field]);

interface NumberRule {
  integer?: boolean;
  min?: number;
  max?: number;
  /** > 0 */
  positive?: boolean;
  /** >= 0 */
  nonNegative?: boolean;
}

function checkNumber(field: string, raw: unknown, rule: NumberRule): number {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : NaN;
  if (typeof raw === 'boolean' || !Number.isFinite(value)) throw invalid('err.number', { field });
  if (rule.integer && !Number.isInteger(value)) throw invalid('err.integer', { field });
  // a whole number past 2^53 is not exact, and SQLite cannot take one past 2^63 as a page offset or limit (page 1e20 was a 500)
  if (rule.integer && !Number.isSafeInteger(value)) {
    const min = rule.min ?? (rule.positive ? 1 : rule.nonNegative ? 0 : -Number.MAX_SAFE_INTEGER);
    throw invalid('err.range', { field, min, max: rule.max ?? Number.MAX_SAFE_INTEGER });
  }
  if (rule.positive && value <= 0) throw invalid('err.positive', { field });
  if (rule.nonNegative && value < 0) throw invalid('err.nonNegative', { field });
  if ((rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max)) {
    throw invalid('err.range', { field, min: rule.min ?? '-∞', max: rule.max ?? '∞' });
  }
  return value;
}

export function num(payload: Payload, field: string, rule: NumberRule = {}): number {
  if (isBlank(payload[field])) throw invalid('err.required', { field });
  return checkNumber(field, payload[field], rule);
}

export function optNum(payload: Payload, field: string, rule: NumberRule = {}): number | undefined {
  return isBlank(payload[field]) ? undefined : checkNumber(field, payload[field], rule);
}

export const id = (payload: Payload, field: string): number => num(payload, field, { integer: true, positive: true });

export function str(payload: Payload, field: string, maxLength = 256): string {
  const raw = payload[field];
  if (isBlank(raw)) throw invalid('err.required', { field });
  if (typeof raw !== 'string' && typeof raw !== 'number') throw invalid('err.required', { field });
  const value = String(raw).trim();
  if (value.length > maxLength) throw invalid('err.tooLong', { field, max: maxLength });
  return value;
}

export function optStr(payload: Payload, field: string, maxLength = 256): string | undefined {
  return isBlank(payload[field]) ? undefined : str(payload, field, maxLength);
}

function checkBool(field: string, raw: unknown): boolean {
  if (typeof raw === 'boolean') return raw;
  if (raw === 1 || raw === '1' || raw === 'true') return true;
  if (raw === 0 || raw === '0' || raw === 'false') return false;
  throw invalid('err.boolean', { field });
}

export function optBool(payload: Payload, field: string): boolean | undefined {
  return isBlank(payload[field]) ? undefined : checkBool(field, payload[field]);
}

export function oneOf<T extends number>(payload: Payload, field: string, values: readonly T[]): T {
  const value = num(payload, field);
  if (!values.includes(value as T)) throw invalid('err.oneOf', { field, values: values.join(' / ') });
  return value as T;
}

/** The longest JSON object a call may give (as JSON text): a task's or strategy's params are a few hundred characters. */
export const MAX_OBJECT_CHARS = 65_536;

/** A JSON object given either as an object or as JSON text, of at most MAX_OBJECT_CHARS characters as JSON. */
export function jsonObject(payload: Payload, field: string): Record<string, unknown> {
  const raw = payload[field];
  if (isBlank(raw)) throw invalid('err.required', { field });
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw invalid('err.jsonObject', { field });
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('err.jsonObject', { field });
  if ((typeof raw === 'string' ? raw : JSON.stringify(value)).length > MAX_OBJECT_CHARS) throw invalid('err.tooLong', { field, max: MAX_OBJECT_CHARS });
  return value as Record<string, unknown>;
}

/** The most items a list of a call may hold unless its reader says otherwise (a call's cost is bounded). */
export const MAX_LIST_ITEMS = 1000;

/** Refuses a list longer than `max` (naming the field and the limit); answers it as it is otherwise. */
export function bounded<T>(list: readonly T[], field: string, max = MAX_LIST_ITEMS): readonly T[] {
  if (list.length > max) throw invalid('err.tooMany', { field, max });
  return list;
}

/** A list given as a JSON value or as JSON text, of at most `max` items. */
export function jsonList(payload: Payload, field: string, max = MAX_LIST_ITEMS): unknown[] {
  let value = payload[field];
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw invalid('err.jsonList', { field });
    }
  }
  if (!Array.isArray(value)) throw invalid('err.jsonList', { field });
  bounded(value, field, max);
  return value;
}

/**
 * The items of a list field however a call gives it: a list, JSON text of one, comma-joined text (blank parts
 * dropped) or one value; none when the field is missing. At most 10 × `max` are read (the body's own limit
 * bounds it too); what counts against `max` is the reader's (`idList`: each id once).
 */
export function listOf(payload: Payload, field: string, max = MAX_LIST_ITEMS): readonly unknown[] {
  let raw = payload[field];
  if (typeof raw === 'string' && raw.trim().startsWith('[')) {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw invalid('err.jsonList', { field });
    }
  }
  const items = Array.isArray(raw)
    ? raw
    : typeof raw === 'string'
      ? raw.split(',').filter((part) => part.trim())
      : raw === undefined || raw === null
        ? []
        : [raw];
  return bounded(items, field, 10 * max);
}

export interface IdListRule {
  /** the most different ids (default MAX_LIST_ITEMS) */
  max?: number;
  /** the refusal past `max` (a task batch names its own) */
  tooMany?: 'err.tooMany' | 'err.taskBatchTooLarge';
  /** at least one id */
  required?: boolean;
}

/** The ids of a list field (`listOf`): each a positive whole number, each once. */
export function idList(payload: Payload, field: string, rule: IdListRule = {}): number[] {
  const max = rule.max ?? MAX_LIST_ITEMS;
  const items = listOf(payload, field, max).map((value, i) => {
    const name = i === 0 ? field : `${field}[${i}]`;
    return id({ [name]: value }, name);
  });
  const ids = [...new Set(items)];
  if (rule.required && !ids.length) throw invalid('err.required', { field });
  if (ids.length > max) throw invalid(rule.tooMany ?? 'err.tooMany', { field, max, count: ids.length });
  return ids;
}
