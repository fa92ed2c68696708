import type { ErrorCode } from '@liner/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { $ZodError } from 'zod/v4/core';
import type { DatabaseCircuit } from '../db/circuit.ts';
import { databaseUnavailability, isForeignKeyViolation } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';

const UNAVAILABLE = {
  busy: 'The database is busy. Please try again shortly.',
  down: 'The database is unavailable. Please try again shortly.',
} as const;

/** 503 with Retry-After: the database is busy or down, not our code; the client should come back. */
function unavailableBody(kind: 'busy' | 'down') {
  return { error: { code: 'SERVICE_UNAVAILABLE' satisfies ErrorCode, message: UNAVAILABLE[kind] } };
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
  const unavailable = databaseUnavailability(error);
  if (unavailable) return { status: 503, code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE[unavailable] };
  // A write referring to a row deleted a moment ago (an account deleted mid-request).
  if (isForeignKeyViolation(error)) return { status: 404, code: 'NOT_FOUND', message: 'Not found' };
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
export function registerErrorHandler(app: FastifyInstance, circuit: DatabaseCircuit): void {
  const retryAfter = () => String(circuit.retryAfterSeconds);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, code, message } = describe(error);
    if (error instanceof AppError) {
      // Our own refusals (rate limits, a full image queue, a restart) say when to come back.
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (status === 503) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', retryAfter());
    } else if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({ error: { code, message } });
  });
  // Better Auth (/api/auth/*) answers its own 500 when a query fails, hiding the cause. When the
  // database was busy or down while the request ran, that answer is a 503 like everywhere else.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 500) return payload;
    const kind = circuit.failureSince(Date.now() - reply.elapsedTime);
    if (!kind) return payload;
    if (reply.statusCode === 503) {
      // Answered 503 on its own (/api/health): still tell the client when to come back.
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', retryAfter());
      return payload;
    }
    request.log.warn('database unavailable during the request: answering 503');
    reply.status(503).header('retry-after', retryAfter()).header('content-type', 'application/json; charset=utf-8');
    reply.removeHeader('content-length');
    return JSON.stringify(unavailableBody(kind));
  });
}
