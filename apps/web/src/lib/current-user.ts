import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@tillbook/contract/users';
import type { StoreSummary } from '@tillbook/contract/stores';
import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE } from '@tillbook/contract/constants';
import { api } from './api-client';
import { useSession } from './session';

/** Query keys of a store's data start with the store, so switching stores never mixes answers. */
export const storeKey = (storeId: string | null | undefined, ...parts: unknown[]) => [
  'store',
  storeId ?? 'none',
  ...parts,
];

export const fetchCurrentUser = async (signal?: AbortSignal) =>
  (await api.get<CurrentUser>('/user/singleuser', undefined, signal)).data;

/** `POST /user/singleuser` is the spec's call; GET is accepted too and is cacheable. */
export const currentUserQuery = (userId: string | null | undefined, storeId: string | null | undefined) =>
  queryOptions({
    queryKey: ['current-user', userId ?? 'none', storeId ?? 'none'],
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
