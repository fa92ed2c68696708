import { PublicConfigSchema } from '@liner/shared';
import type { AppConfig } from '../../config/env.ts';
import type { ApiApp } from '../../plugins/api-schemas.ts';

/** What the web app needs to know about this installation (e.g. whether to show Google buttons). */
export function configRoutes(
  app: ApiApp,
  config: Pick<AppConfig, 'google' | 'chartMinListeners' | 'federation'>,
): void {
  app.get(
    '/api/config',
    { schema: { summary: "This installation's public settings", response: { 200: PublicConfigSchema } } },
    async () => ({
      googleSignIn: Boolean(config.google),
      chartMinListeners: config.chartMinListeners,
      federation: config.federation.enabled,
    }),
  );
}
