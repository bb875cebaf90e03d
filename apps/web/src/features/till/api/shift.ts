import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { shiftsRoutes, tillRoutes } from '@tillbook/contract/route-refs';
import type { ShiftSummary } from '@tillbook/contract/shifts';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, type HookMutationOptions } from '../../../lib/use-api-mutation';

/**
 * The cashier's open shift at the till (issue 32), with its figures so far, or null. Kept with the
 * app's persisted answers, so a till opened offline still knows the shift it sells under and
 * sends its id with each sale (`shift_id`): a sale made offline replays into that shift.
 */
export const currentShiftQuery = (storeId: string | null, enabled = true) =>
  queryOptions({
    queryKey: queryKeys.shifts.part(storeId, 'current'),
    queryFn: async ({ signal }): Promise<ShiftSummary | null> =>
      (await call(shiftsRoutes.current, { signal })).data,
    enabled: Boolean(storeId) && enabled,
    staleTime: 30_000,
  });

export const useCurrentShift = (enabled: boolean) => useQuery(currentShiftQuery(useStoreId(), enabled));

/**
 * The store's till rules (Settings → Till): the till reads `shift_required`, whether a shift must
 * be open to sell. The same answer and key as the settings screen's, kept for offline.
 */
export const tillRulesQuery = (storeId: string | null, enabled = true) =>
  queryOptions({
    queryKey: queryKeys.tillSettings.all(storeId),
    queryFn: async ({ signal }) => (await call(tillRoutes.settings, { signal })).data,
    enabled: Boolean(storeId) && enabled,
    staleTime: 60_000,
  });

export const useTillRules = (enabled: boolean) => useQuery(tillRulesQuery(useStoreId(), enabled));

/** A fresh key per dialog: a change sent twice (a double tap, a resend after a reload) counts once. */
const idempotent = (key: string) => ({ 'Idempotency-Key': key });

export interface OpenShiftVars {
  key: string;
  opening_float: number;
  note?: string;
}

/** Opens the caller's shift with the float in the drawer. */
export const useOpenShift = (options: HookMutationOptions<typeof shiftsRoutes.open, OpenShiftVars> = {}) => {
  const storeId = useStoreId();
  return useRouteMutation(shiftsRoutes.open, {
    kind: 'create',
    args: ({ key, ...body }: OpenShiftVars) => ({ body, headers: idempotent(key) }),
    invalidate: [queryKeys.shifts.all(storeId)],
    // Opened with the network only: the shift's id is the server's.
    persist: false,
    ...options,
  });
};

export interface CashMovementVars {
  key: string;
  id: string;
  type: 'in' | 'out';
  amount: number;
  reason: string;
}

/** A pay-in or payout; its answer is the shift's figures, put in place of the current ones. */
export const useCashMovement = (
  options: HookMutationOptions<typeof shiftsRoutes.cash, CashMovementVars> = {},
) => {
  const storeId = useStoreId();
  const client = useQueryClient();
  return useRouteMutation(shiftsRoutes.cash, {
    kind: 'create',
    args: ({ key, id, ...body }: CashMovementVars) => ({ params: { id }, body, headers: idempotent(key) }),
    invalidate: [queryKeys.shifts.all(storeId)],
    ...options,
    onSuccess: async (answer, sent) => {
      client.setQueryData(currentShiftQuery(storeId).queryKey, answer.data);
      await options.onSuccess?.(answer, sent);
    },
  });
};
