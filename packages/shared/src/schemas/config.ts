import * as z from 'zod/mini';

/**
 * What every page may need to know about the instance (GET /api/config). In a file of its own: the
 * home route loads it first, and must not bring the profile schemas along with it.
 */
export const PublicConfigSchema = z.object({
  googleSignIn: z.boolean(),
  /** Listeners an album needs before its community score is shown or charted (CHART_MIN_LISTENERS). */
  chartMinListeners: z.number(),
  /** Whether people on other servers can be found and followed (FEDERATION=on, ADR 52). */
  federation: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
