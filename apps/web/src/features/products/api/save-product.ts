import { productsRoutes, type createProductBody, type updateProductBody } from '@tillbook/contract/products';
import type { z } from 'zod';
import { call } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { useRouteMutation, type RouteMutationOptions } from '../../../lib/use-api-mutation';
import { productsKey } from './list-products';

export type CreateProductBody = z.input<typeof createProductBody>;
export type UpdateProductBody = z.input<typeof updateProductBody>;

type Options<R extends (typeof productsRoutes)[keyof typeof productsRoutes], V> = Omit<
  RouteMutationOptions<R, V>,
  'kind' | 'args'
>;

export const useCreateProduct = (options: Options<typeof productsRoutes.create, CreateProductBody> = {}) =>
  useRouteMutation(productsRoutes.create, {
    kind: 'create',
    args: (body: CreateProductBody) => ({ body }),
    invalidate: [productsKey(useStoreId())],
    ...options,
  });

export const useUpdateProduct = (
  options: Options<typeof productsRoutes.update, { id: string; body: UpdateProductBody }> = {},
) =>
  useRouteMutation(productsRoutes.update, {
    kind: 'update',
    args: ({ id, body }: { id: string; body: UpdateProductBody }) => ({ params: { id }, body }),
    invalidate: [productsKey(useStoreId())],
    ...options,
  });

/** Deletes a product; the server archives it instead when orders or stock history refer to it. */
export const useDeleteProduct = (options: Options<typeof productsRoutes.remove, string> = {}) =>
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
export const useGenerateProduct = (options: Options<typeof productsRoutes.autoCreate, void> = {}) =>
  useRouteMutation(productsRoutes.autoCreate, {
    kind: 'create',
    args: () => ({}),
    invalidate: [productsKey(useStoreId())],
    ...options,
  });
