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
}

const withoutId = ({ id: _id, ...patch }: { id: BaseKey; [field: string]: unknown }) => patch;

export const resourceFeeds = {
  tasks: {
    feed: 'task',
    records: (message) => message.data.map((task) => ({ id: task.id, patch: withoutId({ ...task }) })),
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

/** Refine's query keys: ['data', dataProviderName, resource, 'list' | 'one' | 'many' | 'infinite', …]. */
const ofResource = (resource: string) => (queryKey: readonly unknown[]) => queryKey[0] === 'data' && queryKey[2] === resource;

type Row = { id?: BaseKey } & Record<string, unknown>;

function patchRows(rows: unknown, patches: Map<string, Record<string, unknown>>): unknown {
  if (!Array.isArray(rows)) return rows;
  let changed = false;
  const next = rows.map((row: Row) => {
    const patch = row && row.id !== undefined ? patches.get(String(row.id)) : undefined;
    if (!patch) return row;
    changed = true;
    return { ...row, ...patch };
  });
  return changed ? next : rows;
}

/** One cached result of Refine: `{data: row}` (one) or `{data: rows, total}` (list, many); infinite has pages. */
function patchResult(result: unknown, patches: Map<string, Record<string, unknown>>): unknown {
  if (!result || typeof result !== 'object') return result;
  const { data, pages } = result as { data?: unknown; pages?: unknown[] };
  if (Array.isArray(pages)) {
    const nextPages = pages.map((page) => patchResult(page, patches));
    return nextPages.some((page, i) => page !== pages[i]) ? { ...result, pages: nextPages } : result;
  }
  if (Array.isArray(data)) {
    const rows = patchRows(data, patches);
    return rows === data ? result : { ...result, data: rows };
  }
  const row = data as Row | undefined;
  const patch = row && row.id !== undefined ? patches.get(String(row.id)) : undefined;
  return patch ? { ...result, data: { ...row, ...patch } } : result;
}

/** Merges the records into every cached query of the resource, notifying observers once. */
export function writeLiveRecords(queryClient: QueryClient, resource: string, records: readonly LiveRecord[]): void {
  if (records.length === 0) return;
  const patches = new Map<string, Record<string, unknown>>();
  records.forEach(({ id, patch }) => {
    patches.set(String(id), { ...patches.get(String(id)), ...patch });
  });
  const matches = ofResource(resource);
  notifyManager.batch(() => {
    queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => matches(query.queryKey) })
      .forEach((query) => {
        const before = query.state.data;
        if (before === undefined) return;
        const after = patchResult(before, patches);
        if (after !== before) queryClient.setQueryData(query.queryKey, after);
      });
  });
}
