import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@tillbook/contract/common';
import type {
  createWebhookEndpointBody,
  updateWebhookEndpointBody,
  webhookDeliveriesQuery,
} from '@tillbook/contract/webhooks';
import type { z } from 'zod';
import { webhooksRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { resourceKeys } from '../../../lib/query-keys';
import { useRouteMutation } from '../../../lib/use-api-mutation';

export const webhookKeys = resourceKeys('webhooks');

export type DeliveryFilters = ListFilters<typeof webhookDeliveriesQuery>;

export const endpointsQuery = (storeId: string | null) =>
  queryOptions({
    queryKey: webhookKeys.part(storeId, 'endpoints'),
    queryFn: async ({ signal }) => (await call(webhooksRoutes.endpoints, { signal })).data,
    enabled: Boolean(storeId),
  });

export const useWebhookEndpoints = () => useQuery(endpointsQuery(useStoreId()));

export const deliveriesQuery = (storeId: string | null, filters: DeliveryFilters) =>
  queryOptions({
    queryKey: webhookKeys.list(storeId, filters),
    queryFn: ({ signal }) => call(webhooksRoutes.deliveries, { query: filters, signal }),
    enabled: Boolean(storeId),
    placeholderData: keepPreviousData,
    // Deliveries are made by sales and sent in the background: look again often while the
    // screen is open, more often while one is waiting to be sent.
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'pending') ? 2_000 : 5_000),
  });

export const useWebhookDeliveries = (filters: DeliveryFilters) =>
  useQuery(deliveriesQuery(useStoreId(), filters));

export type EndpointBody = z.input<typeof createWebhookEndpointBody>;

export const useCreateEndpoint = () =>
  useRouteMutation(webhooksRoutes.createEndpoint, {
    kind: 'create',
    args: (body: EndpointBody) => ({ body }),
    invalidate: [webhookKeys.all(useStoreId())],
    // The answer holds the signing secret: never kept to be sent later.
    persist: false,
  });

export const useUpdateEndpoint = () =>
  useRouteMutation(webhooksRoutes.updateEndpoint, {
    kind: 'update',
    args: ({ id, body }: { id: string; body: z.input<typeof updateWebhookEndpointBody> }) => ({
      params: { id },
      body,
    }),
    invalidate: [webhookKeys.all(useStoreId())],
  });

export const useDeleteEndpoint = () =>
  useRouteMutation(webhooksRoutes.deleteEndpoint, {
    kind: 'delete',
    args: (id: string) => ({ params: { id } }),
    invalidate: [webhookKeys.all(useStoreId())],
  });

export const useResendDelivery = () =>
  useRouteMutation(webhooksRoutes.resend, {
    kind: 'update',
    args: (id: string) => ({ params: { id } }),
    invalidate: [webhookKeys.all(useStoreId())],
  });
