import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';

export const NUL_MESSAGE = 'Text must not contain NUL characters';
export const TOO_DEEP_MESSAGE = 'Request body is nested too deeply';
export const NOT_AN_OBJECT_MESSAGE = 'Request body must be a JSON object';
/** No body of ours nests past a handful of levels; the margin is for clients that wrap. */
export const MAX_JSON_DEPTH = 64;

/**
 * Deepest nesting of arrays and objects in JSON text, counted without parsing: one pass, brackets
 * inside strings skipped. Stops counting as soon as `limit` is passed.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      // One push per element: spreading a 500,000-element array would overflow the argument limit.
      for (const child of item) stack.push(child);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * Input every route refuses the same way, before any handler or Better Auth sees it: NUL characters
 * (PostgreSQL cannot store them in text and answered 500) in the path, the query or anywhere in a JSON
 * body, JSON nested deeper than MAX_JSON_DEPTH (recursive walkers overflow their stack on it), and
 * JSON bodies that are not objects.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // Node's HTTP parser refuses a raw NUL in the request line, so only its percent-encoding matters.
    done(/%00/i.test(request.url) ? badRequest(NUL_MESSAGE) : undefined);
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(badRequest(TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, body as string, (error, value) => {
      // Every body of ours, and every one Better Auth takes, is an object: a route that reads
      // `body ?? {}` must not take `null`, `[]` or `42` for an empty request.
      if (!error && (typeof value !== 'object' || value === null || Array.isArray(value))) {
        done(badRequest(NOT_AN_OBJECT_MESSAGE), undefined);
        return;
      }
      done(error, value);
    });
  });

  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && containsNul(request.body)) throw badRequest(NUL_MESSAGE);
  });
}
