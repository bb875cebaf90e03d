import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice, Order } from '@tillbook/contract/orders';
import { ApiError, api, buildUrl, errorText } from '../../../lib/api-client';
import { storeKey, useStoreId } from '../../../lib/current-user';
import { sessionToken } from '../../../lib/session';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';

export const invoiceQuery = (storeId: string | null, orderId: string | null) =>
  queryOptions({
    queryKey: storeKey(storeId, 'orders', 'invoice', orderId ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<Invoice>(`/order/${encodeURIComponent(orderId!)}/invoice`, undefined, signal)).data,
    enabled: Boolean(storeId && orderId),
  });

export const useInvoice = (orderId: string | null) => useQuery(invoiceQuery(useStoreId(), orderId));

/** Recent orders to choose an invoice from, searched by number, customer or phone. */
export const invoiceOrdersQuery = (storeId: string | null, search: string) =>
  queryOptions({
    queryKey: storeKey(storeId, 'orders', 'invoice-picker', search),
    queryFn: async ({ signal }) =>
      (await api.get<Order[]>('/order', { search: search || undefined, perPage: 20 }, signal)).data,
    enabled: Boolean(storeId),
  });

export const useInvoiceOrders = (search: string) => useQuery(invoiceOrdersQuery(useStoreId(), search));

/**
 * Downloads the invoice PDF. A plain link cannot send the session token (it is in storage, not
 * a cookie), so the file is fetched with it and handed to the browser as a download.
 */
export async function downloadInvoicePdf(orderId: string, layout: 'a4' | 'receipt' = 'a4'): Promise<string> {
  const token = sessionToken();
  const response = await fetch(buildUrl(`/order/${encodeURIComponent(orderId)}/invoice.pdf`, { layout }), {
    headers: token ? { Authorization: token } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(errorText(body, response.statusText), { status: response.status, body });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `invoice-${orderId}.pdf`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return filename;
}

export const useEmailInvoice = (options: Omit<ApiMutationOptions<string, unknown>, 'kind' | 'call'> = {}) =>
  useApiMutation<string, unknown>({
    kind: 'save',
    call: (orderId) => ({ path: `/order/${encodeURIComponent(orderId)}/invoice/email`, method: 'POST' }),
    persist: false,
    ...options,
  });
