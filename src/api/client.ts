import axios, { type AxiosInstance, isAxiosError } from 'axios';
import { endpoints, type EndpointName, type Service } from './endpoints';
import { runtimeConfig } from './config';
import { clearSession, getToken } from '../providers/session';

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

type SessionListener = () => void;
const sessionListeners = new Set<SessionListener>();
/** Called when a reply says the session is invalid (code 3); the app navigates to /login. */
export function onSessionInvalid(listener: SessionListener): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** The session is invalid (code 3 from a call or a feed): clear it and tell every session listener. */
export function notifySessionInvalid(): void {
  clearSession();
  sessionListeners.forEach((listener) => listener());
}

/** Unwraps an envelope: 200 → data; 3 → session cleared and ApiError('session'); else ApiError. */
export function unwrap<T>(body: unknown, endpoint?: EndpointName): T {
  if (!isEnvelope(body)) throw new ApiError('malformed', '', undefined, endpoint);
  if (body.code === CODE_OK) return body.data as T;
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

export type Payload = Record<string, unknown> | FormData | undefined;

function withToken(payload: Payload, auth: boolean): Payload {
  const token = auth ? getToken() : undefined;
  if (!token) return payload;
  if (payload instanceof FormData) {
    if (!payload.has('token')) payload.append('token', token);
    return payload;
  }
  return { token, ...payload };
}

function formBody(payload: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  Object.entries(payload).forEach(([key, value]) => {
    if (value !== undefined && value !== null) body.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  });
  return body;
}

/** Makes one call of the contract by name and returns its unwrapped data. */
export async function call<T = unknown>(name: EndpointName, payload?: Payload): Promise<T> {
  const endpoint = endpoints[name];
  const body = withToken(payload, endpoint.auth);
  const isQuery = endpoint.encoding === 'query';
  let data: unknown;
  if (!isQuery) {
    data = endpoint.encoding === 'form' && !(body instanceof FormData) ? formBody(body ?? {}) : body;
  }
  try {
    const response = await clientFor(endpoint.service).request({
      url: endpoint.path,
      method: endpoint.method,
      params: isQuery ? body : undefined,
      data,
      // an abort signal, not axios' own timeout: it ends the call whatever transport is underneath
      signal: AbortSignal.timeout(runtimeConfig().requestTimeoutMs),
    });
    return unwrap<T>(response.data, name);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (axios.isCancel(error) || (isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT'))) {
      throw new ApiError('timeout', '', undefined, name);
    }
    throw new ApiError('network', '', undefined, name);
  }
}
