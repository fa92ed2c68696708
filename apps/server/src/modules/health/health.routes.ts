import type { Health } from '@liner/shared';
import type { FastifyInstance } from 'fastify';
import { type DatabaseHandle, pingDatabase } from '../../db/database.ts';

export function healthRoutes(app: FastifyInstance, { db, dialect }: DatabaseHandle): void {
  app.get('/api/health', async (_request, reply) => {
    const started = performance.now();
    let up = true;
    try {
      await pingDatabase(db);
    } catch {
      up = false;
    }
    const body: Health = {
      status: up ? 'ok' : 'degraded',
      database: { dialect, status: up ? 'up' : 'down', latencyMs: Math.round((performance.now() - started) * 10) / 10 },
    };
    return reply
      .status(up ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
