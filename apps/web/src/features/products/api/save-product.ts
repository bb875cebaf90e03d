import type {
  createProductBody,
  DeletedProduct,
  Product,
  updateProductBody,
} from '@tillbook/contract/products';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useStoreId } from '../../../lib/current-user';
import { useApiMutation, type ApiMutationOptions } from '../../../lib/use-api-mutation';
import { productsKey } from './list-products';

export type CreateProductBody = z.input<typeof createProductBody>;
export type UpdateProductBody = z.input<typeof updateProductBody>;

type Options<V, D = Product> = Omit<ApiMutationOptions<V, D>, 'kind' | 'call'>;

export const useCreateProduct = (options: Options<CreateProductBody> = {}) =>
  useApiMutation<CreateProductBody, Product>({
    kind: 'create',
    call: (body) => ({ path: '/product/create', method: 'POST', body }),
    invalidate: [productsKey(useStoreId())],
    ...options,
  });

export const useUpdateProduct = (options: Options<{ id: string; body: UpdateProductBody }> = {}) =>
  useApiMutation<{ id: string; body: UpdateProductBody }, Product>({
    kind: 'update',
    call: ({ id, body }) => ({ path: `/product/${encodeURIComponent(id)}`, method: 'PUT', body }),
    invalidate: [productsKey(useStoreId())],
    ...options,
  });

/** Deletes a product; the server archives it instead when orders or stock history refer to it. */
export const useDeleteProduct = (options: Options<string, DeletedProduct> = {}) =>
  useApiMutation<string, DeletedProduct>({
    kind: 'delete',
    call: (id) => ({ path: `/product/${encodeURIComponent(id)}`, method: 'DELETE' }),
    invalidate: [productsKey(useStoreId())],
    ...options,
  });

/** Archives one product (bulk archive sends one of these per selected row). */
export const archiveProduct = (id: string, storeId: string | null) =>
  apiRequest<Product>(`/product/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { status: 'archived' },
    query: { storeId },
  });

/** Creates one realistic sample product. */
export const useGenerateProduct = (options: Options<void> = {}) =>
  useApiMutation<void, Product>({
    kind: 'create',
    call: () => ({ path: '/product/auto-create', method: 'POST' }),
    invalidate: [productsKey(useStoreId())],
    ...options,
  });
