import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@tillbook/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { isUniqueViolation } from '../lib/sql.js';

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  status?: number,
) {
  const body: ErrorBody = {
    success: false,
    message,
    error: { code, message, ...(fields ? { fields } : {}), requestId: request.id },
  };
  return reply.code(status ?? ERROR_STATUS[code]).send(body);
}

/** Turns `/items/0/quantity` into `items.0.quantity`; a query or path error keeps its name. */
function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

function summarise(fields: Record<string, string>): string {
  const entries = Object.entries(fields);
  if (entries.length === 1) return entries[0]![1];
  const shown = entries.slice(0, 3).map(([f, m]) => `${f}: ${m}`);
  return `Please correct ${entries.length} fields. ${shown.join('; ')}${entries.length > 3 ? '; …' : ''}`;
}

function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; routine?: string; message?: string };
  return (
    e?.code === '23503' ||
    e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' ||
    // Citus inserts the rows of an `insert … select` by COPY through the coordinator and passes
    // a worker's foreign key failure on as an internal error (decision 0049).
    (e?.code === 'XX000' &&
      e.routine === 'ReportCopyError' &&
      /violates foreign key constraint/.test(e.message ?? ''))
  );
}

/**
 * The one error handler. Every error leaves as the error body of architecture.md with the
 * request id; 5xx answers hide their details, which go to the log under the same id.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      if (error.status >= 500) request.log.error({ err: error }, 'server error');
      return send(reply, request, error.code, error.message, error.fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath);
        fields[name] ??= issue.message;
      }
      return send(reply, request, 'VALIDATION_FAILED', summarise(fields), fields);
    }
    const fe = error as FastifyError;
    if (isUniqueViolation(error)) {
      return send(reply, request, 'CONFLICT', 'That record already exists.');
    }
    // PostgreSQL ended this transaction to break a lock cycle with another one (a sale meeting
    // a store's time-zone rebuild): nothing was written, and trying again succeeds.
    if ((error as { code?: string }).code === '40P01') {
      return send(
        reply,
        request,
        'CONFLICT',
        'Another change to the same records was made at the same moment. Try again.',
      );
    }
    if (isForeignKeyViolation(error)) {
      return send(
        reply,
        request,
        'CONFLICT',
        'That record is linked to something that does not exist or is still in use.',
      );
    }
    switch (fe.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
        return send(reply, request, 'PAYLOAD_TOO_LARGE', `The upload is too large. ${fe.message}`);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(
          reply,
          request,
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the body as application/json (or multipart/form-data for uploads).',
        );
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, request, 'BAD_REQUEST', 'The request body is empty; send a JSON object.', {
          body: 'Required',
        });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, request, 'BAD_REQUEST', 'The request body is not valid JSON.', {
          body: 'Not valid JSON',
        });
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return send(
          reply,
          request,
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the file as multipart/form-data in the field "file".',
          { file: 'Required' },
        );
      default:
        break;
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code: ErrorCode =
        status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : status === 415
            ? 'UNSUPPORTED_MEDIA_TYPE'
            : status === 429
              ? 'RATE_LIMITED'
              : 'BAD_REQUEST';
      return send(reply, request, code, fe.message, undefined, status);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(
      reply,
      request,
      'INTERNAL',
      'Something went wrong on our side. Try again; if it keeps happening, contact support with the request id.',
    );
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, request, 'NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`),
  );
}
