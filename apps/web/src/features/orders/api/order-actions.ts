import type { OfflineDecision, OrderStatus, PaymentType } from '@tillbook/contract/orders';
import { ordersRoutes } from '@tillbook/contract/route-refs';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { routeCall, useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

type Options<R extends (typeof ordersRoutes)[keyof typeof ordersRoutes], V> = Omit<
  RouteMutationOptions<R, V>,
  'kind' | 'args'
>;

export interface StatusChange {
  id: string;
  status: OrderStatus;
  reason?: string;
}

const statusArgs = ({ id, status, reason }: StatusChange) => ({
  params: { id },
  body: reason ? { status, reason } : { status },
});

export const changeStatusCall = (change: StatusChange) =>
  routeCall(ordersRoutes.updateStatus, statusArgs(change));

/** What a change to a sale moves: its orders, stock, payments and the figures. */
const saleChanges = (storeId: string | null) => [
  queryKeys.orders.all(storeId),
  queryKeys.products.all(storeId),
  queryKeys.payments.all(storeId),
  queryKeys.insight.all(storeId),
];

/** Status changes can return stock (cancel, refund): product screens ask again too. */
export const useChangeOrderStatus = (
  options: Options<typeof ordersRoutes.updateStatus, StatusChange> = {},
) => {
  const storeId = useStoreId();
  return useRouteMutation(ordersRoutes.updateStatus, {
    kind: 'update',
    args: statusArgs,
    invalidate: saleChanges(storeId),
    ...options,
  });
};

export interface RefundRequest {
  id: string;
  key: string;
  reason: string;
  /** A product's variant and pack (null: by the unit) when the order sold it more than one way. */
  items?: Array<{ product_id: string; variant_id?: string; pack?: string | null; quantity: number }>;
  /** How the money goes back; left out, the way the sale was paid. */
  method?: PaymentType;
}

/** A refund carries its idempotency key: made when the refund form opens, reused on a retry. */
const refundArgs = ({ id, key, reason, items, method }: RefundRequest) => ({
  params: { id },
  body: { reason, ...(items?.length ? { items } : {}), ...(method ? { method } : {}) },
  headers: { 'Idempotency-Key': key },
});

export const refundCall = (request: RefundRequest) => routeCall(ordersRoutes.refund, refundArgs(request));

export const useRefundOrder = (options: Options<typeof ordersRoutes.refund, RefundRequest> = {}) => {
  const storeId = useStoreId();
  return useRouteMutation(ordersRoutes.refund, {
    kind: 'update',
    args: refundArgs,
    invalidate: saleChanges(storeId),
    ...options,
  });
};

export interface OfflineDecisionRequest {
  id: string;
  decision: OfflineDecision;
}

/** Accepting takes held stock, cancelling gives money back: products and figures are asked again. */
export const useDecideOfflineSale = (
  options: Options<typeof ordersRoutes.offlineDecision, OfflineDecisionRequest> = {},
) => {
  const storeId = useStoreId();
  return useRouteMutation(ordersRoutes.offlineDecision, {
    kind: 'update',
    args: ({ id, decision }: OfflineDecisionRequest) => ({ params: { id }, body: { decision } }),
    invalidate: saleChanges(storeId),
    ...options,
  });
};
