import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import type { Permission } from '@tillbook/contract/permissions';
import type { CurrentUser } from '@tillbook/contract/users';
import type { StoreSummary } from '@tillbook/contract/stores';
import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE } from '@tillbook/contract/constants';
import { accountKeys } from './query-keys';
import { useSession } from './session';
import { fetchSingleUser } from './single-user';

export { storeKey } from './query-keys';

/** Shares the request with the session check made at the same time (one call on a page load). */
export const fetchCurrentUser = () => fetchSingleUser();

/** `POST /user/singleuser` is the spec's call; GET is accepted too and is cacheable. */
export const currentUserQuery = (userId: string | null | undefined, storeId: string | null | undefined) =>
  queryOptions({
    queryKey: accountKeys.currentUser(userId ?? 'none', storeId ?? 'none'),
    queryFn: () => fetchCurrentUser(),
    enabled: Boolean(userId),
  });

export function useCurrentUser() {
  const session = useSession();
  return useQuery(currentUserQuery(session?.user.id, session?.store?.id));
}

export function useStoreId(): string | null {
  return useSession()?.store?.id ?? null;
}

/** The current store as the API describes it (currency, time zone, role, permissions). */
export function useCurrentStore(): StoreSummary | null {
  return useCurrentUser().data?.store ?? null;
}

/**
 * The current store's currency and time zone. Every amount on a screen asks for them, so this
 * re-renders only when one of the two differs from what was drawn: the user's record arriving
 * (or refreshing) with the defaults already shown redraws nothing. On a slow phone that second
 * drawing of a whole screen was most of the point of sale's blocking time (decision 0023).
 */
export function useStoreLocale(): { currency: string; timezone: string } {
  const session = useSession();
  const options = currentUserQuery(session?.user.id, session?.store?.id);
  // Fetches the user like any other reader of it, without redrawing when the answer comes.
  useQuery({ ...options, notifyOnChangeProps: [] });
  const cache = useQueryClient().getQueryCache();
  const locale = useSyncExternalStore(
    (changed) => cache.subscribe(changed),
    () => {
      const store = cache.find<CurrentUser>({ queryKey: options.queryKey, exact: true })?.state.data?.store;
      return `${store?.currency ?? DEFAULT_CURRENCY} ${store?.timezone ?? DEFAULT_TIMEZONE}`;
    },
  );
  return useMemo(() => {
    const [currency = DEFAULT_CURRENCY, timezone = DEFAULT_TIMEZONE] = locale.split(' ');
    return { currency, timezone };
  }, [locale]);
}

/**
 * Whether the signed-in user's role in the current store grants a permission: one of the
 * contract's catalogue, so a misspelt permission does not compile (rather than hiding a button).
 */
export function useCan(permission: Permission): boolean {
  const data = useCurrentUser().data;
  return Boolean(data?.permissions.includes(permission));
}
