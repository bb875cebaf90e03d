import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import type { RequestContext } from './context.js';
import { newId } from './ids.js';
import { sniffImage } from './image-type.js';

/** Public address of a stored file. */
export const fileUrl = (name: string) => `/api/v1/files/${name}`;

/**
 * Reads the multipart field `file`, checks by content that it is a JPEG, PNG or WebP image
 * within the size limit, stores it under a generated name and returns its address.
 */
export async function readImageUpload(ctx: RequestContext, request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the image as multipart/form-data in the field "file".',
      {
        fields: { file: 'Choose an image to upload' },
      },
    );
  }
  const limit = ctx.deps.config.UPLOAD_LIMIT_BYTES;
  const file = await request.file({ limits: { fileSize: limit, files: 1 } });
  if (!file || file.fieldname !== 'file') {
    throw new AppError('VALIDATION_FAILED', 'Choose an image to upload.', {
      fields: { file: 'Choose an image to upload' },
    });
  }
  const data = await file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limit);
    throw error;
  });
  if (file.file.truncated) throw tooLarge(limit);
  const type = sniffImage(data);
  if (!type) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a JPEG, PNG or WebP image.', {
      fields: { file: 'Upload a JPEG, PNG or WebP image' },
    });
  }
  const name = `${newId()}.${type.ext}`;
  await ctx.deps.storage.put(name, data, type.mime);
  return fileUrl(name);
}

/** 5242880 → "5 MB", 2048 → "2 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

function tooLarge(limit: number): AppError {
  const size = formatBytes(limit);
  return new AppError('PAYLOAD_TOO_LARGE', `The image is larger than the ${size} limit.`, {
    fields: { file: `Images can be at most ${size}` },
  });
}
