import type { PublicConfig } from '@liner/shared';
import type { FastifyInstance } from 'fastify';

/** What the web app needs to know about this installation (e.g. whether to show Google buttons). */
export function configRoutes(app: FastifyInstance): void {
  app.get('/api/config', async (): Promise<PublicConfig> => ({ googleSignIn: Boolean(app.config.google) }));
}
