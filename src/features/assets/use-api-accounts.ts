import { useList } from '@refinedev/core';
import type { ApiAccount } from '#contract/types/api-accounts';

/**
 * The signed-in user's API accounts (/api/list), as the API list page reads them: the 'apis' resource by
 * name, its calls from the definition Refine was given (src/console/routes.tsx), so both share one cache.
 */
export function useApiAccounts() {
  const { result, query } = useList<ApiAccount>({ resource: 'apis', pagination: { mode: 'off' } });
  return { apis: result.data ?? [], loading: query.isLoading, failed: query.isError, retry: () => void query.refetch() };
}
