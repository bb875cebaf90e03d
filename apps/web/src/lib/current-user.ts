import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreSummary } from '@tillbook/contract/stores';
import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE } from '@tillbook/contract/constants';
import { call } from './api-client';
import { accountKeys } from './query-keys';
import { usersTable } from './route-tables';
import { useSession } from './session';

export { storeKey } from './query-keys';

export const fetchCurrentUser = async (signal?: AbortSignal) =>
  (await call((await usersTable()).singleUser, { signal })).data;

/** `POST /user/singleuser` is the spec's call; GET is accepted too and is cacheable. */
export const currentUserQuery = (userId: string | null | undefined, storeId: string | null | undefined) =>
  queryOptions({
    queryKey: accountKeys.currentUser(userId ?? 'none', storeId ?? 'none'),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
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

export function useStoreLocale(): { currency: string; timezone: string } {
  const store = useCurrentStore();
  return { currency: store?.currency ?? DEFAULT_CURRENCY, timezone: store?.timezone ?? DEFAULT_TIMEZONE };
}

/** Whether the signed-in user's role in the current store grants a permission. */
export function useCan(permission: string): boolean {
  const data = useCurrentUser().data;
  return Boolean(data?.permissions.includes(permission));
}
