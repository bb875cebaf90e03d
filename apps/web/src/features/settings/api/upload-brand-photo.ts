import { storesRoutes } from '@tillbook/contract/route-refs';
import { uploadRoute } from '../../../lib/api-client';

/** `PATCH /user/brand-photo`: the current store's logo, with upload progress. */
export const uploadBrandPhoto = (file: File, onProgress: (percent: number) => void) =>
  uploadRoute(storesRoutes.brandPhoto, {}, file, onProgress);
