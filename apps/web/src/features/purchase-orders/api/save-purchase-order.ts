import type {
  createPurchaseOrderBody,
  PurchaseOrder,
  updatePurchaseOrderBody,
} from '@tillbook/contract/purchase-orders';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { purchaseOrdersKey } from './list-purchase-orders';

export type CreatePurchaseOrderBody = z.input<typeof createPurchaseOrderBody>;
export type UpdatePurchaseOrderBody = z.input<typeof updatePurchaseOrderBody>;
type Options<V> = Omit<ApiMutationOptions<V, PurchaseOrder>, 'kind' | 'call'>;

export const createPurchaseOrderCall = (body: CreatePurchaseOrderBody) => ({
  path: '/purchase_order',
  method: 'POST' as const,
  body,
});

export const useCreatePurchaseOrder = (options: Options<CreatePurchaseOrderBody> = {}) =>
  useApiMutation<CreatePurchaseOrderBody, PurchaseOrder>({
    kind: 'create',
    call: createPurchaseOrderCall,
    invalidate: [purchaseOrdersKey(useStoreId())],
    ...options,
  });

export const updatePurchaseOrderCall = ({ id, body }: { id: string; body: UpdatePurchaseOrderBody }) => ({
  path: `/purchase_order/${encodeURIComponent(id)}`,
  method: 'PATCH' as const,
  body,
});

export const useUpdatePurchaseOrder = (
  options: Options<{ id: string; body: UpdatePurchaseOrderBody }> = {},
) =>
  useApiMutation<{ id: string; body: UpdatePurchaseOrderBody }, PurchaseOrder>({
    kind: 'save',
    call: updatePurchaseOrderCall,
    invalidate: [purchaseOrdersKey(useStoreId())],
    ...options,
  });
