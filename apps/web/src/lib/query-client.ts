import { QUERY_GC_MS, QUERY_PERSIST_MAX_AGE_MS, QUERY_STALE_MS } from '@tillbook/contract/constants';
import { MutationCache, QueryClient, notifyManager, type Mutation, type Query } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { ApiError, apiRequest, type RequestOptions } from './api-client';

export const QUERY_CACHE_KEY = 'tillbook-query-cache';

/** Which indicator a mutation lights: creating, saving, updating or deleting (spec section 4). */
export type MutationKind = 'create' | 'save' | 'update' | 'delete';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error;
    mutationMeta: { kind?: MutationKind; persist?: boolean };
    queryMeta: { persist?: boolean };
  }
}

/** Variables of a JSON API mutation: enough to replay it after a reload (paused offline). */
export interface ApiCall {
  path: string;
  method: NonNullable<RequestOptions['method']>;
  body?: unknown;
  query?: RequestOptions['query'];
  /** For example an `Idempotency-Key`, kept with the change so a resend after a reload reuses it. */
  headers?: Record<string, string>;
}

export const API_MUTATION_KEY = 'api';

function retryQuery(failureCount: number, error: Error): boolean {
  // 4xx answers do not change by asking again; network trouble and 5xx get two more tries.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * A notification scheduler that sends every notification queued in one task in one timer, in
 * order. TanStack Query's default starts a `setTimeout` for each batch: a screen mounting a dozen
 * queries queued dozens of timers in one task, and on a slow phone each costs (Lighthouse's trace
 * of the till's cold load spent 30-40% of its two longest tasks installing them).
 */
export function coalescingScheduler(
  setTimer: (run: () => void) => unknown = (run) => setTimeout(run, 0),
): (callback: () => void) => void {
  let waiting: Array<() => void> = [];
  const runAll = () => {
    const callbacks = waiting;
    waiting = [];
    for (const callback of callbacks) {
      try {
        callback();
      } catch (error) {
        // One subscriber's error must not keep the others' notifications from them.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };
  return (callback) => {
    waiting.push(callback);
    if (waiting.length === 1) setTimer(runAll);
  };
}

notifyManager.setScheduler(coalescingScheduler());

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    mutationCache: new MutationCache(),
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, gcTime: QUERY_GC_MS, retry: retryQuery },
      // The spec: changes are not retried by the cache. Offline they pause and run when back online.
      mutations: { retry: false },
    },
  });
  client.setMutationDefaults([API_MUTATION_KEY], {
    mutationFn: (call: ApiCall) =>
      apiRequest(call.path, {
        method: call.method,
        body: call.body,
        query: call.query,
        headers: call.headers,
      }),
  });
  return client;
}

/**
 * Keeps the cache in localStorage, writing at most once a second. A full or blocked storage
 * only loses the offline copy; the app keeps working.
 */
export function createStoragePersister(key = QUERY_CACHE_KEY, throttleMs = 1000): Persister {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: PersistedClient | undefined;
  const write = () => {
    timer = undefined;
    try {
      if (pending) window.localStorage.setItem(key, JSON.stringify(pending));
    } catch {
      window.localStorage.removeItem(key);
    }
  };
  // A reload within the throttle would otherwise restore answers older than a change just made.
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => {
      if (timer === undefined) return;
      clearTimeout(timer);
      write();
    });
  }
  return {
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(write, throttleMs);
    },
    restoreClient() {
      try {
        const raw = window.localStorage.getItem(key);
        return raw ? (JSON.parse(raw) as PersistedClient) : undefined;
      } catch {
        return undefined;
      }
    },
    removeClient() {
      clearTimeout(timer);
      timer = undefined;
      pending = undefined;
      window.localStorage.removeItem(key);
    },
  };
}

export const queryPersister = createStoragePersister();

export const persistOptions = {
  maxAge: QUERY_PERSIST_MAX_AGE_MS,
  buster: 'v1',
  dehydrateOptions: {
    shouldDehydrateQuery: (query: Query) => query.state.status === 'success' && query.meta?.persist !== false,
    // Changes made offline survive a reload and are sent when the browser is back online.
    shouldDehydrateMutation: (mutation: Mutation) =>
      mutation.state.isPaused &&
      mutation.options.mutationKey?.[0] === API_MUTATION_KEY &&
      mutation.options.meta?.persist !== false,
  },
};

export const queryClient = createQueryClient();

/** Forgets every cached answer, here and in storage (sign-out, another user). */
export function resetQueryCache(client: QueryClient = queryClient): void {
  client.clear();
  try {
    void queryPersister.removeClient();
  } catch {
    // storage unavailable: nothing persisted either
  }
}
