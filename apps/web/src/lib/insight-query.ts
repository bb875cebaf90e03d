import { queryOptions } from '@tanstack/react-query';
import { INSIGHT_STALE_MS, queryKeys } from './query-keys';

/**
 * One figure of the insight screens (home, dashboard, reports): its own query under the store's
 * insight key, so each loads, fails and retries on its own, asked again on every visit.
 */
export const insightQuery = <T>(
  storeId: string | null,
  part: readonly unknown[],
  fetch: (signal: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey: queryKeys.insight.part(storeId, ...part),
    queryFn: ({ signal }) => fetch(signal),
    enabled: Boolean(storeId),
    staleTime: INSIGHT_STALE_MS,
  });
