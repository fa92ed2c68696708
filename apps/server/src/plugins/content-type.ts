import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * Our routes take JSON bodies only; a form or text body could be a cross-site "simple request".
 * Fastify already refuses unknown types with 415; here we drop its text/plain parser and keep
 * multipart to the routes that declare it.
 */
export function registerJsonOnly(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  // Every request passes this hook: a callback, not a promise, the cheaper path in Fastify.
  app.addHook('preValidation', (request, _reply, done) => {
    const type = request.headers['content-type'];
    if (typeof type === 'string' && type.startsWith('multipart/') && !request.routeOptions.config.multipart) {
      done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Request body must be application/json'));
      return;
    }
    done();
  });
}
