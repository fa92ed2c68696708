import { type Health, HealthSchema } from '@liner/shared';
import { type DatabaseHandle, pingDatabase } from '../../db/database.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';

export function healthRoutes(app: ApiApp, { db, dialect }: DatabaseHandle): void {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness and the database round trip',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      let up = true;
      try {
        await pingDatabase(db);
      } catch {
        up = false;
      }
      const body: Health = {
        status: up ? 'ok' : 'degraded',
        database: {
          dialect,
          status: up ? 'up' : 'down',
          latencyMs: Math.round((performance.now() - started) * 10) / 10,
        },
      };
      return reply
        .status(up ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
