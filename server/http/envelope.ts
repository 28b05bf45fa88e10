import type { MessageKey, MessageParams } from './messages';

/** What every reply carries (spec §7); the HTTP status is always 200, the code says what happened. */
export interface Envelope {
  code: number;
  info: string;
  data: unknown;
  [extra: string]: unknown;
}

export const CODE = {
  ok: 200,
  session: 3,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMedia: 415,
  /** one user's calls, uploads or sockets past what one user may have at once */
  tooMany: 429,
  internal: 500,
  notImplemented: 501,
} as const;

export function envelope(code: number, info: string, data: unknown = null, extra: Record<string, unknown> = {}): Envelope {
  return { code, info, data, ...extra };
}

/** Thrown by handlers and validators; the route turns it into `{code, info}` in the caller's language. */
export class CallError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(key);
    this.name = 'CallError';
  }
}

export const fail = (code: number, key: MessageKey, params?: MessageParams): CallError => new CallError(code, key, params);
export const invalid = (key: MessageKey, params?: MessageParams): CallError => new CallError(CODE.badRequest, key, params);
