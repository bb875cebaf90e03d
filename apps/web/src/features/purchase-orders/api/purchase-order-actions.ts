import type { receiveBody } from '@tillbook/contract/purchase-orders';
import type { z } from 'zod';
import { purchaseOrdersRoutes } from '@tillbook/contract/route-refs';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { routeCall, useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';
import { purchaseOrdersKey } from './list-purchase-orders';

type Options<R extends (typeof purchaseOrdersRoutes)[keyof typeof purchaseOrdersRoutes], V> = Omit<
  RouteMutationOptions<R, V>,
  'kind' | 'args'
>;
export type ReceiveBody = z.input<typeof receiveBody>;

type Receipt = { id: string; key: string; body: ReceiveBody };

export const useIssuePurchaseOrder = (options: Options<typeof purchaseOrdersRoutes.issue, string> = {}) =>
  useRouteMutation(purchaseOrdersRoutes.issue, {
    kind: 'update',
    args: (id: string) => ({ params: { id } }),
    invalidate: [purchaseOrdersKey(useStoreId())],
    ...options,
  });

export const useCancelPurchaseOrder = (options: Options<typeof purchaseOrdersRoutes.cancel, string> = {}) =>
  useRouteMutation(purchaseOrdersRoutes.cancel, {
    kind: 'update',
    args: (id: string) => ({ params: { id } }),
    invalidate: [purchaseOrdersKey(useStoreId())],
    ...options,
  });

/**
 * Receives stock. The idempotency key belongs to one receipt: the screen makes it when the
 * receive form opens and resends it on a retry (or after a reload, offline), so a receipt is
 * never counted twice.
 */
const receiptArgs = ({ id, key, body }: Receipt) => ({
  params: { id },
  body,
  headers: { 'Idempotency-Key': key },
});

export const receivePurchaseOrderCall = (receipt: Receipt) =>
  routeCall(purchaseOrdersRoutes.receive, receiptArgs(receipt));

export const useReceivePurchaseOrder = (
  options: Options<typeof purchaseOrdersRoutes.receive, Receipt> = {},
) => {
  const storeId = useStoreId();
  return useRouteMutation(purchaseOrdersRoutes.receive, {
    kind: 'save',
    args: receiptArgs,
    // Stock changed too: product screens and lists ask again.
    invalidate: [purchaseOrdersKey(storeId), queryKeys.products.all(storeId)],
    ...options,
  });
};
