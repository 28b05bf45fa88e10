import { useMemo } from 'react';
import { useList } from '@refinedev/core';
import type { ApiAccount } from '#contract/types/api-accounts';
import type { AccountAssets } from '../../domain/assets';
import type { FeedManager, FeedStatus } from '../../live/manager';
import { createLiveProvider } from '../../providers/live';
import { useLiveResource } from '../../providers/use-live-resource';

/** A record of the assets resource: the API account with what is known of its assets so far. */
export type AccountRecord = ApiAccount & Partial<Omit<AccountAssets, 'apiId'>>;

/** The parts of a record the page's arithmetic reads (src/domain/assets.ts `assetView`). */
export const assetsOf = (record: AccountRecord): AccountAssets => ({
  apiId: record.id,
  asset_info: record.asset_info,
  ledger: record.ledger,
  borrow: record.borrow,
});

/**
 * The user's API accounts as the assets resource (src/features/assets/index.ts): Refine's list query, into
 * which the asset socket writes each account's numbers while `useAssetsFeed` is mounted.
 */
export function useAccountRecords() {
  const { result, query } = useList<AccountRecord>({ resource: 'assets', pagination: { mode: 'off' } });
  return { accounts: result.data ?? [], loading: query.isLoading, failed: query.isError, retry: () => void query.refetch() };
}

/**
 * Keeps the records of these accounts live: the asset socket (§7: every 3 s the console sends its
 * apiIds) through the live provider into Refine's cache (`useLiveResource`). Tests pass their manager.
 */
export function useAssetsFeed(apiIds: readonly number[], manager?: FeedManager): FeedStatus {
  const liveProvider = useMemo(() => (manager ? createLiveProvider(manager) : undefined), [manager]);
  return useLiveResource('assets', { params: apiIds, enabled: apiIds.length > 0, manager, liveProvider });
}
