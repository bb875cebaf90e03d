import { vendorsRoutes, type createVendorBody, type updateVendorBody } from '@tillbook/contract/vendors';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type CreateVendorBody = z.input<typeof createVendorBody>;
export type UpdateVendorBody = z.input<typeof updateVendorBody>;

type Options<R extends (typeof vendorsRoutes)[keyof typeof vendorsRoutes], V> = Omit<
  RouteMutationOptions<R, V>,
  'kind' | 'args'
>;

export const useCreateVendor = (options: Options<typeof vendorsRoutes.create, CreateVendorBody> = {}) =>
  useRouteMutation(vendorsRoutes.create, {
    kind: 'create',
    args: (body: CreateVendorBody) => ({ body }),
    invalidate: [queryKeys.vendors.all(useStoreId())],
    ...options,
  });

export const useUpdateVendor = (
  options: Options<typeof vendorsRoutes.update, { id: string; body: UpdateVendorBody }> = {},
) =>
  useRouteMutation(vendorsRoutes.update, {
    kind: 'update',
    args: ({ id, body }: { id: string; body: UpdateVendorBody }) => ({ params: { id }, body }),
    invalidate: [queryKeys.vendors.all(useStoreId())],
    ...options,
  });
