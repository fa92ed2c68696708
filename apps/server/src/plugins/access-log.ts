import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env.ts';

/**
 * The access log: Fastify's two lines per request cost more than some of our routes
 * and say little at scale. Instead: every request slower than `slowMs` at warn, a random
 * `sampleRate` share of the rest at info (1 logs all, 0 none). Failures are logged where they
 * happen (plugins/error-handler.ts), whatever the sample.
 */
export function registerAccessLog(app: FastifyInstance, { sampleRate, slowMs }: AppConfig['requestLog']): void {
  app.addHook('onResponse', (request, reply, done) => {
    const responseTime = reply.elapsedTime;
    if (responseTime >= slowMs) {
      request.log.warn({ req: request, res: reply, responseTime }, 'slow request');
    } else if (sampleRate > 0 && (sampleRate >= 1 || Math.random() < sampleRate)) {
      request.log.info({ req: request, res: reply, responseTime }, 'request completed');
    }
    done();
  });
}
