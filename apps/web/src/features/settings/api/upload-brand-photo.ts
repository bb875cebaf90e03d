import type { Store } from '@tillbook/contract/stores';
import { uploadFile } from '../../../lib/api-client';

/** `PATCH /user/brand-photo`: the current store's logo, with upload progress. */
export const uploadBrandPhoto = (file: File, onProgress: (percent: number) => void) =>
  uploadFile<Store>('/user/brand-photo', file, onProgress);
