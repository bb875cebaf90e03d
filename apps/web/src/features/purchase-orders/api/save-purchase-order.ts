import {
  purchaseOrdersRoutes,
  type createPurchaseOrderBody,
  type updatePurchaseOrderBody,
} from '@tillbook/contract/purchase-orders';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';
import { purchaseOrdersKey } from './list-purchase-orders';

export type CreatePurchaseOrderBody = z.input<typeof createPurchaseOrderBody>;
export type UpdatePurchaseOrderBody = z.input<typeof updatePurchaseOrderBody>;
type Options<R extends (typeof purchaseOrdersRoutes)[keyof typeof purchaseOrdersRoutes], V> = Omit<
  RouteMutationOptions<R, V>,
  'kind' | 'args'
>;

export const useCreatePurchaseOrder = (
  options: Options<typeof purchaseOrdersRoutes.create, CreatePurchaseOrderBody> = {},
) =>
  useRouteMutation(purchaseOrdersRoutes.create, {
    kind: 'create',
    args: (body: CreatePurchaseOrderBody) => ({ body }),
    invalidate: [purchaseOrdersKey(useStoreId())],
    ...options,
  });

export const useUpdatePurchaseOrder = (
  options: Options<typeof purchaseOrdersRoutes.update, { id: string; body: UpdatePurchaseOrderBody }> = {},
) =>
  useRouteMutation(purchaseOrdersRoutes.update, {
    kind: 'save',
    args: ({ id, body }: { id: string; body: UpdatePurchaseOrderBody }) => ({ params: { id }, body }),
    invalidate: [purchaseOrdersKey(useStoreId())],
    ...options,
  });
