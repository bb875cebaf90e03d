import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IncomingTransfer, IncomingTransferState } from '@tillbook/contract/till-transfers';
import { membersRoutes, ordersRoutes, tillTransfersRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, type HookMutationOptions } from '../../../lib/use-api-mutation';

/**
 * The till's side of decision 0065: the sale waiting for its transfer (polled), the "match it"
 * queue of transfers nobody could tell apart, and who may approve a sale past a credit limit.
 */

/** A sale waits for its transfer while this is its state; then the till stops asking. */
const WAITING = new Set(['awaiting', 'part_paid']);

/**
 * The sale waiting for a transfer, asked for every 2 s while it waits (no server-sent events: the
 * API processes share no bus, and one indexed row is cheap to read).
 */
export const waitingSaleQuery = (storeId: string | null, id: string | null) =>
  queryOptions({
    queryKey: queryKeys.orders.part(storeId, 'transfer', id),
    queryFn: async ({ signal }) => (await call(ordersRoutes.get, { params: { id: id! }, signal })).data,
    enabled: Boolean(storeId && id),
    refetchInterval: (query) => {
      const state = query.state.data?.transfer?.state;
      return !state || WAITING.has(state) ? 2000 : false;
    },
    refetchIntervalInBackground: true,
    meta: { persist: false },
  });

export const useWaitingSale = (id: string | null) => useQuery(waitingSaleQuery(useStoreId(), id));

/** The "match it" queue: transfers that could be more than one sale, and those no sale waited for. */
export const QUEUE_STATES: IncomingTransferState[] = ['ambiguous', 'unmatched'];

const queueQuery = (storeId: string | null, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.payments.part(storeId, 'incoming-transfers', 'queue'),
    queryFn: async ({ signal }): Promise<IncomingTransfer[]> => {
      const pages = await Promise.all(
        QUEUE_STATES.map((state) =>
          call(tillTransfersRoutes.list, { query: { state, perPage: 50 }, signal }).then((a) => a.data),
        ),
      );
      return pages.flat().sort((a, b) => b.received_at.localeCompare(a.received_at));
    },
    enabled: Boolean(storeId) && enabled,
    // New transfers arrive from the bank, not from this till: looked for now and then.
    refetchInterval: 30_000,
    meta: { persist: false },
  });

export const useTransferQueue = (enabled: boolean) => useQuery(queueQuery(useStoreId(), enabled));

export interface MatchVars {
  id: string;
  order_id: string;
  key: string;
}

/** Pays the chosen sale with the transfer (once per key: a double tap matches once). */
export const useMatchTransfer = (
  options: HookMutationOptions<typeof tillTransfersRoutes.match, MatchVars> = {},
) => {
  const storeId = useStoreId();
  return useRouteMutation(tillTransfersRoutes.match, {
    kind: 'update',
    args: ({ id, order_id, key }: MatchVars) => ({
      params: { id },
      body: { order_id },
      headers: { 'Idempotency-Key': key },
    }),
    invalidate: [
      queryKeys.payments.all(storeId),
      queryKeys.orders.all(storeId),
      queryKeys.shifts.all(storeId),
    ],
    // Matched with the network only: the queue is the server's.
    persist: false,
    ...options,
  });
};

/** Leaves the transfer as an ordinary deposit: it leaves the queue. */
export const useIgnoreTransfer = (
  options: HookMutationOptions<typeof tillTransfersRoutes.ignore, string> = {},
) => {
  const storeId = useStoreId();
  return useRouteMutation(tillTransfersRoutes.ignore, {
    kind: 'update',
    args: (id: string) => ({ params: { id } }),
    invalidate: [queryKeys.payments.all(storeId)],
    persist: false,
    ...options,
  });
};

/** The members who may approve a sale on credit past the customer's limit (the PIN dialog). */
export const useCreditApprovers = (enabled: boolean) => {
  const storeId = useStoreId();
  return useQuery({
    queryKey: queryKeys.members.part(storeId, 'credit-approvers'),
    queryFn: async ({ signal }) => (await call(membersRoutes.creditApprovers, { signal })).data,
    enabled: Boolean(storeId) && enabled,
    staleTime: 60_000,
  });
};

/**
 * Cancels a sale that waits for a transfer the customer will not send (the order's own cancel:
 * its stock comes back). With the network only.
 */
export const useCancelWaitingSale = (
  options: HookMutationOptions<typeof tillTransfersRoutes.cancelWaiting, string> = {},
) => {
  const storeId = useStoreId();
  return useRouteMutation(tillTransfersRoutes.cancelWaiting, {
    kind: 'update',
    args: (id: string) => ({ params: { id } }),
    invalidate: [
      queryKeys.orders.all(storeId),
      queryKeys.products.all(storeId),
      queryKeys.insight.all(storeId),
    ],
    persist: false,
    ...options,
  });
};
