import { useList } from '@refinedev/core';
import type { ApiAccount } from '../../api/types';
import { apisResource } from '../../resources/apis';

/** The signed-in user's API accounts (/api/list), as the API list page reads them. */
export function useApiAccounts() {
  const { result, query } = useList<ApiAccount>({ resource: apisResource.name, meta: apisResource.meta, pagination: { mode: 'off' } });
  return { apis: result.data ?? [], loading: query.isLoading, error: query.isError };
}
