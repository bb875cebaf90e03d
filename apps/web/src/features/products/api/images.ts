import { productsRoutes } from '@tillbook/contract/route-refs';
import { call, uploadRoute } from '../../../lib/api-client';

export const uploadProductImage = (id: string, file: File, onProgress: (percent: number) => void) =>
  uploadRoute(productsRoutes.addImage, { params: { id } }, file, onProgress);

/** Images are removed by the file name at the end of their URL. */
export const removeProductImage = (id: string, url: string) =>
  call(productsRoutes.removeImage, { params: { id, name: url.split('/').pop() ?? '' } });
