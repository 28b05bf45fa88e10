import type { BaseKey } from '@refinedev/core';
import { notifyManager, type QueryClient } from '@tanstack/react-query';
import type { FeedMessage, FeedName } from '#contract/feeds';

/**
 * Feeds that describe Refine resources: each message becomes patches of records (by id), written into
 * every cached list / one / many query of the resource, so a list and a detail never disagree.
 */

/** A record's live fields, to merge over what the cache holds for that id. */
export interface LiveRecord {
  id: BaseKey;
  patch: Record<string, unknown>;
}

interface ResourceFeed<N extends FeedName> {
  feed: N;
  records: (message: FeedMessage<N>) => LiveRecord[];
  /** figures about the whole list a message carries (the task counter), merged into every cached list result */
  summary?: (message: FeedMessage<N>) => Record<string, unknown> | undefined;
}

const withoutId = ({ id: _id, ...patch }: { id: BaseKey; [field: string]: unknown }) => patch;

export const resourceFeeds = {
  tasks: {
    feed: 'task',
    records: (message) => message.data.map((task) => ({ id: task.id, patch: withoutId({ ...task }) })),
    summary: (message) => (message.counter ? { counter: message.counter } : undefined),
  } satisfies ResourceFeed<'task'>,
  'unilateral-strategies': {
    feed: 'unilateral',
    records: (message) => message.strategy.map((strategy) => ({ id: strategy.id, patch: withoutId({ ...strategy }) })),
  } satisfies ResourceFeed<'unilateral'>,
  assets: {
    feed: 'asset',
    records: (message) => [{ id: message.data.apiId, patch: withoutId({ ...message.data, id: message.data.apiId }) }],
  } satisfies ResourceFeed<'asset'>,
};

export type LiveResource = keyof typeof resourceFeeds;

export const isLiveResource = (name: string): name is LiveResource => Object.hasOwn(resourceFeeds, name);

/** The records a message of the resource's feed carries. */
export function liveRecords(resource: LiveResource, message: unknown): LiveRecord[] {
  return (resourceFeeds[resource].records as (message: unknown) => LiveRecord[])(message);
}

/** The figures about the whole list a message of the resource's feed carries, if any. */
export function liveSummary(resource: LiveResource, message: unknown): Record<string, unknown> | undefined {
  const feed = resourceFeeds[resource] as { summary?: (message: unknown) => Record<string, unknown> | undefined };
  return feed.summary?.(message);
}

/** Refine's query keys: ['data', dataProviderName, resource, 'list' | 'one' | 'many' | 'infinite', …]. */
const ofResource = (resource: string) => (queryKey: readonly unknown[]) => queryKey[0] === 'data' && queryKey[2] === resource;

type Row = { id?: BaseKey } & Record<string, unknown>;

type Patches = Map<string, Record<string, unknown>>;
/** How a patch meets a row: over it (a message, newer than the row), or under it (a row just read is newer than an older message). */
type Merge = 'over' | 'under';
const merged = (row: Row, patch: Record<string, unknown>, merge: Merge) => (merge === 'over' ? { ...row, ...patch } : { ...patch, ...row });

function patchRows(rows: unknown, patches: Patches, merge: Merge): unknown {
  if (!Array.isArray(rows)) return rows;
  let changed = false;
  const next = rows.map((row: Row) => {
    const patch = row && row.id !== undefined ? patches.get(String(row.id)) : undefined;
    if (!patch) return row;
    changed = true;
    return merged(row, patch, merge);
  });
  return changed ? next : rows;
}

/** One cached result of Refine: `{data: row}` (one) or `{data: rows, total}` (list, many); infinite has pages. `summary` goes on a list's. */
function patchResult(result: unknown, patches: Patches, merge: Merge, summary?: Record<string, unknown>): unknown {
  if (!result || typeof result !== 'object') return result;
  const { data, pages } = result as { data?: unknown; pages?: unknown[] };
  if (Array.isArray(pages)) {
    const nextPages = pages.map((page) => patchResult(page, patches, merge, summary));
    return nextPages.some((page, i) => page !== pages[i]) ? { ...result, pages: nextPages } : result;
  }
  if (Array.isArray(data)) {
    const rows = patchRows(data, patches, merge);
    return rows === data && !summary ? result : { ...result, ...summary, data: rows };
  }
  const row = data as Row | undefined;
  const patch = row && row.id !== undefined ? patches.get(String(row.id)) : undefined;
  return row && patch ? { ...result, data: merged(row, patch, merge) } : result;
}

const byId = (records: readonly LiveRecord[]): Patches => {
  const patches: Patches = new Map();
  records.forEach(({ id, patch }) => {
    patches.set(String(id), { ...patches.get(String(id)), ...patch });
  });
  return patches;
};

/**
 * Merges the records into every cached query of the resource, and `summary` into every cached list result
 * (Refine's 'list' queries), notifying observers once.
 */
export function writeLiveRecords(queryClient: QueryClient, resource: string, records: readonly LiveRecord[], summary?: Record<string, unknown>): void {
  if (records.length === 0 && !summary) return;
  const patches = byId(records);
  const matches = ofResource(resource);
  notifyManager.batch(() => {
    queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => matches(query.queryKey) })
      .forEach((query) => {
        const before = query.state.data;
        if (before === undefined) return;
        const after = patchResult(before, patches, 'over', query.queryKey[3] === 'list' ? summary : undefined);
        if (after !== before) queryClient.setQueryData(query.queryKey, after);
      });
  });
}

/**
 * A query of the resource just read from the server: the live fields its rows lack (a feed sends a record
 * again only when it changes) are put back under what was read, so a list read again keeps its figures.
 */
export function restoreLiveRecords(queryClient: QueryClient, queryKey: readonly unknown[], records: readonly LiveRecord[]): void {
  const before = queryClient.getQueryData(queryKey);
  if (before === undefined || records.length === 0) return;
  const after = patchResult(before, byId(records), 'under');
  if (after !== before) queryClient.setQueryData(queryKey, after);
}

/** Whether a query key is one of the resource's (Refine's data keys). */
export const isQueryOf = (resource: string, queryKey: readonly unknown[]): boolean => ofResource(resource)(queryKey);
