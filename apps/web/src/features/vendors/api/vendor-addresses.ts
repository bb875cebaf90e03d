import type { addressBody, updateAddressBody, VendorAddress } from '@tillbook/contract/vendors';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { vendorsKey } from './list-vendors';

export type AddressBody = z.input<typeof addressBody>;
export type UpdateAddressBody = z.input<typeof updateAddressBody>;

type Options<V, D> = Omit<ApiMutationOptions<V, D>, 'kind' | 'call'>;

export const addAddressCall = ({ vendorId, body }: { vendorId: string; body: AddressBody }) => ({
  path: `/vendor/${encodeURIComponent(vendorId)}/addresses`,
  method: 'POST' as const,
  body,
});

export const useAddVendorAddress = (
  options: Options<{ vendorId: string; body: AddressBody }, VendorAddress> = {},
) =>
  useApiMutation({
    kind: 'create',
    call: addAddressCall,
    invalidate: [vendorsKey(useStoreId())],
    ...options,
  });

export const updateAddressCall = ({ id, body }: { id: string; body: UpdateAddressBody }) => ({
  path: `/vendor/update/address/${encodeURIComponent(id)}`,
  method: 'PATCH' as const,
  body,
});

export const useUpdateVendorAddress = (
  options: Options<{ id: string; body: UpdateAddressBody }, VendorAddress> = {},
) =>
  useApiMutation({
    kind: 'update',
    call: updateAddressCall,
    invalidate: [vendorsKey(useStoreId())],
    ...options,
  });

export const deleteAddressCall = (id: string) => ({
  path: `/vendor/delete/address/${encodeURIComponent(id)}`,
  method: 'DELETE' as const,
});

export const useDeleteVendorAddress = (options: Options<string, { id: string }> = {}) =>
  useApiMutation({
    kind: 'delete',
    call: deleteAddressCall,
    invalidate: [vendorsKey(useStoreId())],
    ...options,
  });
