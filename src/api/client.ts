import axios, { type AxiosInstance, isAxiosError } from 'axios';
import i18n from 'i18next';
import { endpoints, type EndpointName, type Encoding, type Service } from '#contract/endpoints';
import { runtimeConfig } from './config';
import type { PayloadArgs, ReplyOf } from '#contract/calls';
import { hasReplyShape } from '#contract/reply-shapes';

/** The envelope every reply uses (spec §7): code 200 is success. */
export interface Envelope<T = unknown> {
  code: number;
  info?: string;
  data?: T;
}

export const CODE_OK = 200;
export const CODE_SESSION_INVALID = 3;

/** What went wrong with a call. `business` carries the server's own info text. */
export type ApiErrorKind = 'business' | 'session' | 'malformed' | 'network' | 'timeout';

/**
 * Shaped like Refine's HttpError (message + statusCode) so Refine's hooks show it with the
 * notification provider; `kind` tells the console which i18n text to use when `info` is empty.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  constructor(
    readonly kind: ApiErrorKind,
    readonly info: string,
    readonly code?: number,
    readonly endpoint?: EndpointName,
  ) {
    super(info || kind);
    this.name = 'ApiError';
    this.statusCode = code ?? 0;
  }
}

export const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && typeof (body as Envelope).code === 'number';

/**
 * What the client needs from the session, handed to it once by the app (src/app/connect.ts): the
 * client depends on nothing above it.
 */
export interface ClientSession {
  getToken: () => string | undefined;
  /** the one handler of a code-3 reply (from a call or a feed). */
  onSessionInvalid: () => void;
}

let session: ClientSession = { getToken: () => undefined, onSessionInvalid: () => {} };

export function configureClient(next: ClientSession): void {
  session = next;
}

/** The token of the session the client was handed (undefined signed out); the feed manager's too. */
export function sessionToken(): string | undefined {
  return session.getToken();
}

/** A reply said the session is invalid (code 3): hand it to the session handler. */
export function notifySessionInvalid(): void {
  session.onSessionInvalid();
}

/**
 * Unwraps an envelope: 200 → data (malformed when it has not the shape the endpoint's reply must have);
 * 3 → the session handler and ApiError('session'); else ApiError.
 */
export function unwrap<T>(body: unknown, endpoint?: EndpointName): T {
  if (!isEnvelope(body)) throw new ApiError('malformed', '', undefined, endpoint);
  if (body.code === CODE_OK) {
    if (endpoint && !hasReplyShape(endpoint, body.data)) throw new ApiError('malformed', '', undefined, endpoint);
    return body.data as T;
  }
  if (body.code === CODE_SESSION_INVALID) {
    notifySessionInvalid();
    throw new ApiError('session', body.info ?? '', body.code, endpoint);
  }
  throw new ApiError('business', body.info ?? '', body.code, endpoint);
}

const clients = new Map<string, AxiosInstance>();
function clientFor(service: Service): AxiosInstance {
  const { services, requestTimeoutMs } = runtimeConfig();
  const baseURL = services[service] ?? '';
  const key = `${service}|${baseURL}|${requestTimeoutMs}`;
  let client = clients.get(key);
  if (!client) {
    client = axios.create({
      baseURL,
      timeout: requestTimeoutMs,
      // the envelope, not the HTTP status, says whether a call worked
      validateStatus: () => true,
      paramsSerializer: { indexes: null },
    });
    clients.set(key, client);
  }
  return client;
}

/**
 * Where a call's token travels: always in `Authorization: Bearer`; in a body too (JSON, form, multipart), as
 * spec §7 shows it; never in a query string, which lands in access logs and browser history.
 */
function withToken(payload: Record<string, unknown> | undefined, token: string | undefined, encoding: Encoding): Record<string, unknown> | undefined {
  return token && encoding !== 'query' ? { token, ...payload } : payload;
}

const text = (value: unknown): string => (typeof value === 'object' ? JSON.stringify(value) : String(value));

function formBody(payload: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  Object.entries(payload).forEach(([key, value]) => {
    if (value !== undefined && value !== null) body.append(key, text(value));
  });
  return body;
}

/** Multipart: a File (or each File of a list) is a file part under its field's name; the rest are text. */
function multipartBody(payload: Record<string, unknown>): FormData {
  const body = new FormData();
  Object.entries(payload).forEach(([key, value]) => {
    const values: unknown[] = Array.isArray(value) && value.every((item) => item instanceof Blob) ? value : [value];
    values.forEach((item) => {
      if (item instanceof File) body.append(key, item, item.name);
      else if (item instanceof Blob) body.append(key, item);
      else if (item !== undefined && item !== null) body.append(key, text(item));
    });
  });
  return body;
}

function bodyOf(encoding: Encoding, payload: Record<string, unknown> | undefined): unknown {
  if (encoding === 'form') return formBody(payload ?? {});
  if (encoding === 'multipart') return multipartBody(payload ?? {});
  return payload;
}

/** Makes one call of the contract by name; payload and reply are typed by contract/calls.ts. */
export function call<N extends EndpointName>(name: N, ...[payload]: PayloadArgs<N>): Promise<ReplyOf<N>> {
  // the one place the wire's untyped reply is given the contract's type
  return send(name, payload as unknown as Record<string, unknown> | undefined) as Promise<ReplyOf<N>>;
}

/** The untyped wire call under `call` (and the data provider's `custom`, which gets a name as a string). */
export async function send(name: EndpointName, payload?: Record<string, unknown>): Promise<unknown> {
  const endpoint = endpoints[name];
  const token = endpoint.auth ? session.getToken() : undefined;
  const body = withToken(payload, token, endpoint.encoding);
  const isQuery = endpoint.encoding === 'query';
  // a timer, not AbortSignal.timeout: it ends the call whatever transport is underneath, on the clock the app
  // (and a test's fake timers) runs on
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), runtimeConfig().requestTimeoutMs);
  try {
    const response = await clientFor(endpoint.service).request({
      url: endpoint.path,
      method: endpoint.method,
      params: isQuery ? body : undefined,
      data: isQuery ? undefined : bodyOf(endpoint.encoding, body),
      // the server answers in the console's language (its refusals and checks), not the browser's
      headers: { ...(i18n.language ? { 'Accept-Language': i18n.language } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal: abort.signal,
    });
    return unwrap(response.data, name);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (axios.isCancel(error) || (isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT'))) {
      throw new ApiError('timeout', '', undefined, name);
    }
    throw new ApiError('network', '', undefined, name);
  } finally {
    clearTimeout(timer);
  }
}
