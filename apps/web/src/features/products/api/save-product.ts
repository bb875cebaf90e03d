import { productsRoutes } from '@tillbook/contract/route-refs';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { useRouteMutation, saveHooks, type HookMutationOptions } from '../../../lib/use-api-mutation';
import { productsKey } from './list-products';

export const { useCreate: useCreateProduct, useUpdate: useUpdateProduct } = saveHooks(
  productsRoutes,
  'update',
  (storeId) => [productsKey(storeId)],
);

/** Deletes a product; the server archives it instead when orders or stock history refer to it. */
export const useDeleteProduct = (options: HookMutationOptions<typeof productsRoutes.remove, string> = {}) =>
  useRouteMutation(productsRoutes.remove, {
    kind: 'delete',
    args: (id: string) => ({ params: { id } }),
    invalidate: [productsKey(useStoreId())],
    ...options,
  });

/** Archives one product (bulk archive sends one of these per selected row). */
export const archiveProduct = (id: string, storeId: string | null) =>
  call(productsRoutes.update, { params: { id }, body: { status: 'archived' }, storeId });

/** Creates one realistic sample product. */
export const useGenerateProduct = (
  options: HookMutationOptions<typeof productsRoutes.autoCreate, void> = {},
) =>
  useRouteMutation(productsRoutes.autoCreate, {
    kind: 'create',
    args: () => ({}),
    invalidate: [productsKey(useStoreId())],
    ...options,
  });
