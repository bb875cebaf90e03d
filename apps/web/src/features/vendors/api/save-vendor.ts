import type { createVendorBody, updateVendorBody, VendorDetail } from '@tillbook/contract/vendors';
import type { z } from 'zod';
import { useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { vendorsKey } from './list-vendors';

export type CreateVendorBody = z.input<typeof createVendorBody>;
export type UpdateVendorBody = z.input<typeof updateVendorBody>;

type Options<V> = Omit<ApiMutationOptions<V, VendorDetail>, 'kind' | 'call'>;

export const createVendorCall = (body: CreateVendorBody) => ({
  path: '/vendor',
  method: 'POST' as const,
  body,
});

export const useCreateVendor = (options: Options<CreateVendorBody> = {}) =>
  useApiMutation<CreateVendorBody, VendorDetail>({
    kind: 'create',
    call: createVendorCall,
    invalidate: [vendorsKey(useStoreId())],
    ...options,
  });

export const updateVendorCall = ({ id, body }: { id: string; body: UpdateVendorBody }) => ({
  path: `/vendor/update/${encodeURIComponent(id)}`,
  method: 'PATCH' as const,
  body,
});

export const useUpdateVendor = (options: Options<{ id: string; body: UpdateVendorBody }> = {}) =>
  useApiMutation<{ id: string; body: UpdateVendorBody }, VendorDetail>({
    kind: 'update',
    call: updateVendorCall,
    invalidate: [vendorsKey(useStoreId())],
    ...options,
  });
