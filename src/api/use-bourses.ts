import { useMemo } from 'react';
import { useCall } from './use-call';

/** The exchanges of /bourse/get: options for a select and a name by id. */
export function useBourses() {
  const { data, query } = useCall('bourseGet', {}, { staleTime: 5 * 60_000 });
  return useMemo(() => {
    const bourses = data ?? [];
    return {
      bourses,
      loading: query.isLoading,
      options: bourses.map((b) => ({ value: b.id, label: b.name })),
      nameOf: (id: number, fallback?: string) => bourses.find((b) => b.id === id)?.name ?? fallback ?? String(id),
    };
  }, [data, query.isLoading]);
}
