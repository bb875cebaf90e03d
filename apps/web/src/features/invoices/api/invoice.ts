import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersRoutes } from '@tillbook/contract/route-refs';
import { call, downloadRoute } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export const invoiceQuery = (storeId: string | null, orderId: string | null) =>
  queryOptions({
    queryKey: queryKeys.orders.part(storeId, 'invoice', orderId ?? ''),
    queryFn: async ({ signal }) =>
      (await call(ordersRoutes.invoice, { params: { id: orderId! }, signal })).data,
    enabled: Boolean(storeId && orderId),
  });

export const useInvoice = (orderId: string | null) => useQuery(invoiceQuery(useStoreId(), orderId));

/** Recent orders to choose an invoice from, searched by number, customer or phone. */
export const invoiceOrdersQuery = (storeId: string | null, search: string) =>
  queryOptions({
    queryKey: queryKeys.orders.part(storeId, 'invoice-picker', search),
    queryFn: async ({ signal }) =>
      (await call(ordersRoutes.list, { query: { search: search || undefined, perPage: 20 }, signal })).data,
    enabled: Boolean(storeId),
  });

export const useInvoiceOrders = (search: string) => useQuery(invoiceOrdersQuery(useStoreId(), search));

/**
 * Downloads the invoice PDF. A plain link cannot send the session token (it is in storage, not
 * a cookie), so the file is fetched with it and handed to the browser as a download.
 */
export const downloadInvoicePdf = (orderId: string, layout: 'a4' | 'receipt' = 'a4') =>
  downloadRoute(
    ordersRoutes.invoicePdf,
    { params: { id: orderId }, query: { layout } },
    `invoice-${orderId}.pdf`,
  );

export const useEmailInvoice = (
  options: Omit<RouteMutationOptions<typeof ordersRoutes.emailInvoice, string>, 'kind' | 'args'> = {},
) =>
  useRouteMutation(ordersRoutes.emailInvoice, {
    kind: 'save',
    args: (orderId: string) => ({ params: { id: orderId } }),
    persist: false,
    ...options,
  });
