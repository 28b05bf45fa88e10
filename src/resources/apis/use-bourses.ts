import { useMemo } from 'react';
import { useCustom } from '@refinedev/core';
import type { Bourse } from '../../api/types';

/** The exchanges of /bourse/get: options for a select and a name by id. */
export function useBourses() {
  const { result, query } = useCustom<Bourse[]>({
    url: 'bourseGet',
    method: 'get',
    queryOptions: { staleTime: 5 * 60_000 },
  });
  const data = result?.data;
  return useMemo(() => {
    // before the first answer Refine's result holds no array
    const bourses = Array.isArray(data) ? data : [];
    return {
      bourses,
      loading: query.isLoading,
      options: bourses.map((b) => ({ value: b.id, label: b.name })),
      nameOf: (id: number, fallback?: string) => bourses.find((b) => b.id === id)?.name ?? fallback ?? String(id),
    };
  }, [data, query.isLoading]);
}
