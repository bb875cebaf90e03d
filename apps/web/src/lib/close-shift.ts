import { useQueryClient } from '@tanstack/react-query';
import { shiftsRoutes } from '@tillbook/contract/route-refs';
import type { ShiftSummary } from '@tillbook/contract/shifts';
import { useStoreId } from './current-user';
import { queryKeys } from './query-keys';
import { useRouteMutation, type HookMutationOptions } from './use-api-mutation';

export interface CloseShiftVars {
  /** The Idempotency-Key: a double tap closes once. */
  key: string;
  id: string;
  counted_cash: number;
  note?: string;
}

/**
 * Closes a shift with the cash counted (the till's own, or anyone's from its screen with
 * `shifts.manage`); its answer is the Z-report. The caller's open shift, when it was the one
 * closed, is gone from the till at once, before the shifts are asked for again.
 */
export const useCloseShift = (
  options: HookMutationOptions<typeof shiftsRoutes.close, CloseShiftVars> = {},
) => {
  const storeId = useStoreId();
  const client = useQueryClient();
  const current = queryKeys.shifts.part(storeId, 'current');
  return useRouteMutation(shiftsRoutes.close, {
    kind: 'update',
    args: ({ key, id, ...body }: CloseShiftVars) => ({
      params: { id },
      body,
      headers: { 'Idempotency-Key': key },
    }),
    invalidate: [queryKeys.shifts.all(storeId)],
    persist: false,
    ...options,
    onSuccess: async (answer, sent) => {
      if (client.getQueryData<ShiftSummary | null>(current)?.shift.id === answer.data.shift.id)
        client.setQueryData(current, null);
      await options.onSuccess?.(answer, sent);
    },
  });
};
