import type { addressBody, updateAddressBody } from '@tillbook/contract/vendors';
import type { z } from 'zod';
import { vendorsRoutes } from '@tillbook/contract/route-refs';
import { useStoreId } from '../../../lib/current-user';
import { queryKeys } from '../../../lib/query-keys';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';

export type AddressBody = z.input<typeof addressBody>;
export type UpdateAddressBody = z.input<typeof updateAddressBody>;

type Options<R extends (typeof vendorsRoutes)[keyof typeof vendorsRoutes], V> = Omit<
  RouteMutationOptions<R, V>,
  'kind' | 'args'
>;

export const useAddVendorAddress = (
  options: Options<typeof vendorsRoutes.addAddress, { vendorId: string; body: AddressBody }> = {},
) =>
  useRouteMutation(vendorsRoutes.addAddress, {
    kind: 'create',
    args: ({ vendorId, body }: { vendorId: string; body: AddressBody }) => ({
      params: { id: vendorId },
      body,
    }),
    invalidate: [queryKeys.vendors.all(useStoreId())],
    ...options,
  });

export const useUpdateVendorAddress = (
  options: Options<typeof vendorsRoutes.updateAddress, { id: string; body: UpdateAddressBody }> = {},
) =>
  useRouteMutation(vendorsRoutes.updateAddress, {
    kind: 'update',
    args: ({ id, body }: { id: string; body: UpdateAddressBody }) => ({ params: { id }, body }),
    invalidate: [queryKeys.vendors.all(useStoreId())],
    ...options,
  });

export const useDeleteVendorAddress = (options: Options<typeof vendorsRoutes.deleteAddress, string> = {}) =>
  useRouteMutation(vendorsRoutes.deleteAddress, {
    kind: 'delete',
    args: (id: string) => ({ params: { id } }),
    invalidate: [queryKeys.vendors.all(useStoreId())],
    ...options,
  });
