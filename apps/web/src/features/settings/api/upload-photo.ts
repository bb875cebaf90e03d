import type { User } from '@tillbook/contract/auth';
import { uploadFile } from '../../../lib/api-client';

/** `PATCH /user/photo`, multipart field `file`, with upload progress. */
export const uploadPhoto = (file: File, onProgress: (percent: number) => void) =>
  uploadFile<User>('/user/photo', file, onProgress);
