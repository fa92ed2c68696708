import type { ErrorCode } from '@liner/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { $ZodError } from 'zod/v4/core';
import { AppError } from '../lib/errors.ts';

/** Connection failures of either database driver: the database is down, not our code. */
const DATABASE_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01',
  '57P03',
  'SQLITE_BUSY',
]);

function isDatabaseDown(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && DATABASE_DOWN.has(code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect/i.test(error.message);
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

function describe(error: FastifyError): { status: number; code: ErrorCode; message: string } {
  if (error instanceof AppError) return { status: error.statusCode, code: error.code, message: error.message };
  if (error instanceof $ZodError) {
    const issue = error.issues[0];
    // zod's own wording ('Invalid input: expected string') needs the field's name; our messages
    // ('Review must be 2000 characters or less') are written for people and stand alone.
    const generic = /^(Invalid|Too (big|small)|Expected|Unrecognized)/.test(issue?.message ?? '');
    const where = generic && issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { status: 400, code: 'BAD_REQUEST', message: `${where}${issue?.message ?? 'Invalid request'}` };
  }
  if (isDatabaseDown(error)) {
    return {
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is unavailable. Please try again shortly.',
    };
  }
  const mapped = FASTIFY_CODES[error.code];
  if (mapped === 'UNSUPPORTED_MEDIA_TYPE') {
    return { status: 415, code: mapped, message: 'Request body must be application/json' };
  }
  if (mapped) return { status: error.statusCode ?? 400, code: mapped, message: error.message };
  if (error.statusCode === 429) return { status: 429, code: 'RATE_LIMITED', message: error.message };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own client errors (malformed JSON, bad content length): safe to show.
    return { status: error.statusCode, code: 'BAD_REQUEST', message: error.message };
  }
  return { status: 500, code: 'INTERNAL', message: 'Something went wrong' };
}

/** One error shape for every route: { error: { code, message } }. 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, code, message } = describe(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({ error: { code, message } });
  });
}
