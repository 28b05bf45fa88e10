import type { BaseRecord, DataProvider, HttpError } from '@refinedev/core';
import { ApiError, call, type Payload } from '../api/client';
import { endpoints, type EndpointName } from '../api/endpoints';
import i18n from './i18n';

/** Which calls of the contract serve a resource; set in the resource definition's `meta.calls`. */
export interface ResourceCalls {
  list?: EndpointName;
  one?: EndpointName;
  create?: EndpointName;
  update?: EndpointName;
  deleteOne?: EndpointName;
  /** the payload key that carries a record's id (e.g. apiId, strategyId). */
  idParam?: string;
}

/** The text a user sees for a failed call: the server's info, or what kind of failure it was. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.info || i18n.t(`notifications.${error.kind === 'business' ? 'failed' : error.kind}`);
  return error instanceof Error ? error.message : String(error);
}

const toHttpError = (error: unknown): HttpError => ({
  message: errorMessage(error),
  statusCode: error instanceof ApiError ? error.statusCode : 0,
});

async function run<T>(name: EndpointName | undefined, payload?: Payload): Promise<T> {
  if (!name) throw { message: i18n.t('notifications.failed'), statusCode: 0 } satisfies HttpError;
  try {
    return await call<T>(name, payload);
  } catch (error) {
    throw toHttpError(error);
  }
}

const callsOf = (meta: Record<string, unknown> | undefined) => (meta?.calls ?? {}) as ResourceCalls;
const extraOf = (meta: Record<string, unknown> | undefined) => (meta?.payload ?? {}) as Record<string, unknown>;

/** A list reply is an array, or an object holding one (list/data/datas) with an optional total. */
export function toList<T>(data: unknown): { data: T[]; total: number } {
  if (Array.isArray(data)) return { data: data as T[], total: data.length };
  if (data && typeof data === 'object') {
    const record = data as Record<string, unknown>;
    const rows = [record.list, record.data, record.datas].find(Array.isArray) as T[] | undefined;
    if (rows) return { data: rows, total: Number(record.total ?? rows.length) };
  }
  return { data: [], total: 0 };
}

/** Thin: translates Refine's calls into calls of the contract table, nothing else. */
export const dataProvider: DataProvider = {
  getApiUrl: () => '',
  getList: async ({ meta }) => toList(await run(callsOf(meta).list, extraOf(meta))),
  getOne: async ({ id, meta }) => {
    const calls = callsOf(meta);
    const data = await run<BaseRecord>(calls.one, { ...extraOf(meta), [calls.idParam ?? 'id']: id });
    return { data: data as never };
  },
  create: async ({ variables, meta }) => ({
    data: ((await run(callsOf(meta).create, { ...extraOf(meta), ...(variables as object) })) ?? {}) as never,
  }),
  update: async ({ id, variables, meta }) => {
    const calls = callsOf(meta);
    const payload = { ...extraOf(meta), [calls.idParam ?? 'id']: id, ...(variables as object) };
    return { data: ((await run(calls.update, payload)) ?? { id }) as never };
  },
  deleteOne: async ({ id, meta }) => {
    const calls = callsOf(meta);
    return { data: ((await run(calls.deleteOne, { ...extraOf(meta), [calls.idParam ?? 'id']: id })) ?? { id }) as never };
  },
  /** `url` is the name of a call in the contract table; `payload` or `query` is its payload. */
  custom: async ({ url, payload, query }) => {
    if (!(url in endpoints)) throw { message: `unknown call ${url}`, statusCode: 0 } satisfies HttpError;
    const body = (payload ?? query) as Payload;
    return { data: (await run(url as EndpointName, body)) as never };
  },
};
