/** What a TanStack Query result says of its state, as far as a card shows it. */
export interface CardQuery {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A query's loading, error and retry, as the insight cards (StatCard, WidgetCard) take them:
 * one place that reads them, so every card retries and waits the same way.
 */
export function queryCardState(q: CardQuery) {
  return { loading: q.isPending, error: q.error, onRetry: () => void q.refetch() };
}
