import type { Product } from '@tillbook/contract/products';
import { apiRequest, uploadFile } from '../../../lib/api-client';

export const uploadProductImage = (id: string, file: File, onProgress: (percent: number) => void) =>
  uploadFile<Product>(`/product/${encodeURIComponent(id)}/images`, file, onProgress, 'POST');

/** Images are removed by the file name at the end of their URL. */
export const removeProductImage = (id: string, url: string) =>
  apiRequest<Product>(
    `/product/${encodeURIComponent(id)}/images/${encodeURIComponent(url.split('/').pop() ?? '')}`,
    { method: 'DELETE' },
  );
