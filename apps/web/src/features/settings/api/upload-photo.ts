import { usersRoutes } from '@tillbook/contract/route-refs';
import { uploadRoute } from '../../../lib/api-client';

/** `PATCH /user/photo`, multipart field `file`, with upload progress. */
export const uploadPhoto = (file: File, onProgress: (percent: number) => void) =>
  uploadRoute(usersRoutes.photo, {}, file, onProgress);
