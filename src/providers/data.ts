import type { BaseKey, BaseRecord, CrudFilter, CrudSort, DataProvider, HttpError, Pagination } from '@refinedev/core';
import { ApiError, send } from '../api/client';
import { endpoints, type EndpointName } from '#contract/endpoints';
import type { PayloadOf, ReplyOf } from '#contract/calls';
import i18n from './i18n';

/** What Refine knows when it asks for data: the data provider hands it to a call's `toPayload`. */
export interface CallParams<V = undefined> {
  pagination?: Pagination;
  filters?: CrudFilter[];
  sorters?: CrudSort[];
  id?: BaseKey;
  /** what a form sends (create, update); typed per resource. */
  variables: V;
}

/** One action of a resource on one call of the contract: how Refine's request becomes the payload, and what of the reply is the record(s). */
export interface ResourceCall<N extends EndpointName = EndpointName, R = unknown, V = undefined> {
  call: N;
  toPayload: (params: CallParams<V>) => PayloadOf<N>;
  /** the params are there for a reply that counts pages instead of rows. */
  select: (reply: ReplyOf<N>, params: CallParams<V>) => R;
}

export interface Selected<T> {
  data: T;
}
export interface SelectedList<T> {
  data: T[];
  total: number;
}

/**
 * A mapping, typed by its call: `toPayload` must build that call's payload and `select` reads that
 * call's reply (contract/calls.ts).
 */
export const onCall = <N extends EndpointName, R, V = undefined>(call: N, mapping: Omit<ResourceCall<N, R, V>, 'call'>): ResourceCall<N, R, V> => ({
  call,
  ...mapping,
});

/** A mapping as the provider holds it: built by `onCall`, which checked its payload and reply types. */
export interface AnyResourceCall<R> {
  call: EndpointName;
  toPayload: (params: CallParams<never>) => unknown;
  select: (reply: never, params: CallParams<never>) => R;
}

/**
 * Which calls serve a resource, set in its definition's `meta.calls`: src/features/<area>/index.ts, or a
 * sub-folder's index.ts for an area's second entity (child tasks, follow tasks).
 */
export interface ResourceCalls {
  list?: AnyResourceCall<SelectedList<BaseRecord>>;
  one?: AnyResourceCall<Selected<BaseRecord>>;
  create?: AnyResourceCall<Selected<BaseRecord>>;
  update?: AnyResourceCall<Selected<BaseRecord>>;
  deleteOne?: AnyResourceCall<Selected<BaseRecord>>;
}
export type ResourceAction = keyof ResourceCalls;

/** The text a user sees for a failed call: the server's info, or what kind of failure it was. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.info || i18n.t(`notifications.${error.kind === 'business' ? 'failed' : error.kind}`);
  return error instanceof Error ? error.message : String(error);
}

const toHttpError = (error: unknown): HttpError => ({
  message: errorMessage(error),
  statusCode: error instanceof ApiError ? error.statusCode : 0,
});

async function asHttp<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toHttpError(error);
  }
}

function mappingOf(meta: Record<string, unknown> | undefined, action: ResourceAction, resource: string): AnyResourceCall<unknown> {
  const mapping = (meta?.calls as ResourceCalls | undefined)?.[action];
  if (!mapping) throw { message: `${resource}: no call for ${action}`, statusCode: 0 } satisfies HttpError;
  return mapping;
}

/** Runs the action's call: its payload from Refine's params, the record(s) selected from its reply. */
async function run<R>(meta: Record<string, unknown> | undefined, action: ResourceAction, resource: string, params: CallParams<unknown>): Promise<R> {
  const mapping = mappingOf(meta, action, resource);
  const payload = mapping.toPayload(params as CallParams<never>) as Record<string, unknown>;
  const reply = await asHttp(() => send(mapping.call, payload));
  return mapping.select(reply as never, params as CallParams<never>) as R;
}

/** Thin: translates Refine's calls into calls of the contract table through each resource's mappings. */
export const dataProvider: DataProvider = {
  getApiUrl: () => '',
  getList: ({ resource, pagination, filters, sorters, meta }) => run(meta, 'list', resource, { pagination, filters, sorters, variables: undefined }),
  getOne: ({ resource, id, meta }) => run(meta, 'one', resource, { id, variables: undefined }),
  create: ({ resource, variables, meta }) => run(meta, 'create', resource, { variables }),
  update: ({ resource, id, variables, meta }) => run(meta, 'update', resource, { id, variables }),
  deleteOne: ({ resource, id, variables, meta }) => run(meta, 'deleteOne', resource, { id, variables }),
  /** `url` is the name of a call in the contract table (useCall / useCallMutation); `payload` or `query` is its payload. */
  custom: async ({ url, payload, query }) => {
    if (!(url in endpoints)) throw { message: `unknown call ${url}`, statusCode: 0 } satisfies HttpError;
    const body = (payload ?? query) as Record<string, unknown> | undefined;
    return { data: (await asHttp(() => send(url as EndpointName, body))) as never };
  },
};

// ── helpers for the resource definitions of src/features/ ─────────────────────────────

/** Refine's page (1-based) and page size, with the call's defaults (§9). */
export function pageOf(pagination: Pagination | undefined, defaultSize: number): { page: number; size: number } {
  return { page: pagination?.currentPage ?? 1, size: pagination?.pageSize ?? defaultSize };
}

/** The value of an `eq` filter on a field (e.g. the task whose child tasks are listed). */
export function filterValue(filters: CrudFilter[] | undefined, field: string, operator: 'eq' | 'gt' | 'lt' = 'eq'): unknown {
  const found = filters?.find((filter) => 'field' in filter && filter.field === field && filter.operator === operator);
  return found?.value;
}

/** A number a call needs (an id, a filter): a clear error instead of a NaN sent to the server. */
export function requiredNumber(value: unknown, what: string): number {
  const number = Number(value);
  if (value === undefined || value === null || value === '' || !Number.isFinite(number)) {
    throw { message: `missing ${what}`, statusCode: 0 } satisfies HttpError;
  }
  return number;
}

/** A reply that is the whole list: every row, the total is its length (Refine pages it in the browser). */
export const wholeList = <T>(rows: T[]): SelectedList<T> => ({ data: rows, total: rows.length });
