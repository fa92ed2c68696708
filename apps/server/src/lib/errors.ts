import { DOMAIN_ERROR_STATUS, type DomainErrorCode, type ErrorCode } from '@liner/shared';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
  ...DOMAIN_ERROR_STATUS,
};

/** An error whose message is safe to show to the caller. Anything else is answered as a bare 500. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** When a refused client may try again (429 and 503): sent as Retry-After by the error handler. */
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.code = code;
    this.statusCode = STATUS_BY_CODE[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const unauthorized = (message = 'User not authenticated') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = "You don't have permission to access this page.") =>
  new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** A refusal with a domain code (ALBUM_NOT_FOUND, ALREADY_FOLLOWING…): its status is the code's. */
export const refusal = (code: DomainErrorCode, message: string) => new AppError(code, message);
