import { shiftsRoutes } from '@tillbook/contract/route-refs';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, type HookMutationOptions } from '../../../lib/use-api-mutation';

export interface CloseShiftVars {
  /** The Idempotency-Key: a double tap closes once. */
  key: string;
  id: string;
  counted_cash: number;
  note?: string;
}

/** Closes a shift from its screen (the member's own, or anyone's with `shifts.manage`). */
export const useCloseShift = (options: HookMutationOptions<typeof shiftsRoutes.close, CloseShiftVars> = {}) =>
  useRouteMutation(shiftsRoutes.close, {
    kind: 'update',
    args: ({ key, id, ...body }: CloseShiftVars) => ({
      params: { id },
      body,
      headers: { 'Idempotency-Key': key },
    }),
    invalidate: [queryKeys.shifts.all(useStoreId())],
    persist: false,
    ...options,
  });
