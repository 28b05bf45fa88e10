import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useCan, useList } from '@refinedev/core';
import type { ApiAccount } from '#contract/types/api-accounts';
import { useCall } from '../../api/use-call';
import type { AccountFees } from '#contract/rules/net-spread';

/** One account's fee config (apiChargesGet, as the /api page's fee dialog reads it); null when it could not be read. */
const AccountFeeReader = memo(function AccountFeeReader({ api, onFees }: { api: ApiAccount; onFees: (id: number, fees: AccountFees | null) => void }) {
  const { data, query } = useCall('apiChargesGet', { apiId: api.id });
  const { isSuccess, isError } = query;
  useEffect(() => {
    if (isSuccess && data) onFees(api.id, { exchange: api.bourse_id, fees: data });
    else if (isError) onFees(api.id, null);
  }, [isSuccess, isError, data, api.id, api.bourse_id, onFees]);
  return null;
});

/** The API accounts resource of the /api page, by name (src/console/routes.tsx gives Refine its calls; pages do not import resources). */
const APIS = 'apis';

/**
 * The fee configs of the user's API accounts, for the board's net spreads: the accounts come from the
 * /api page's resource (apiList, one cache with that page and /assets' useApiAccounts), each one's fees
 * from apiChargesGet. Reports once every account has
 * answered (or failed: that account is left out); an empty list when the user may not read API accounts
 * or the list fails, so every leg takes the named default.
 */
export function TakerFeesLoader({ onChange }: { onChange: (accounts: readonly AccountFees[]) => void }) {
  const canList = useCan({ resource: APIS, action: 'list' }).data?.can;
  const canShow = useCan({ resource: APIS, action: 'show' }).data?.can;
  const allowed = canList === undefined || canShow === undefined ? undefined : canList && canShow;
  const { result, query } = useList<ApiAccount>({ resource: APIS, pagination: { mode: 'off' }, queryOptions: { enabled: allowed === true } });
  const accounts = query.isSuccess ? result.data : undefined;
  const [fees, setFees] = useState<ReadonlyMap<number, AccountFees | null>>(() => new Map());
  const record = useCallback((id: number, value: AccountFees | null) => setFees((before) => new Map(before).set(id, value)), []);

  // reported only when the figures change: a new list re-renders every table of the board, and a refetch
  // (or a new array from the list hook) must not do that when the fees are the same
  const reported = useRef<string>(undefined);
  useEffect(() => {
    const report = (list: readonly AccountFees[]) => {
      const key = JSON.stringify(list);
      if (key === reported.current) return;
      reported.current = key;
      onChange(list);
    };
    if (allowed === false || query.isError) report([]);
    else if (accounts?.every((api) => fees.has(api.id))) report(accounts.flatMap((api) => fees.get(api.id) ?? []));
  }, [allowed, query.isError, accounts, fees, onChange]);

  return accounts?.map((api) => <AccountFeeReader key={api.id} api={api} onFees={record} />) ?? null;
}
