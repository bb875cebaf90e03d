import { ERROR_STATUS, type ErrorCode } from '@tillbook/contract/errors';

/** The one error type services throw; the error handler maps its code to a status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: Record<string, string>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError('CONFLICT', message, { fields });
export const unprocessable = (message: string, fields?: Record<string, string>) =>
  new AppError('UNPROCESSABLE', message, { fields });
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', message, { fields });
