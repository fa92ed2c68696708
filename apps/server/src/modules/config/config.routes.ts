import { PublicConfigSchema } from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';

/** What the web app needs to know about this installation (e.g. whether to show Google buttons). */
export function configRoutes(app: ApiApp): void {
  app.get(
    '/api/config',
    { schema: { summary: "This installation's public settings", response: { 200: PublicConfigSchema } } },
    async () => ({ googleSignIn: Boolean(app.config.google), chartMinListeners: app.config.chartMinListeners }),
  );
}
