import type { FastifyInstance } from 'fastify';

/**
 * Browser features the site never uses, switched off for it and for anything it might embed.
 * Only names today's Chromium knows: an unknown one ('interest-cohort', now 'browsing-topics')
 * is reported as a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Stored files and covers are pictures, some of them SVG: opened on their own they must not run
 * script or load anything, whatever was smuggled into them.
 */
export const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
const FILE_PREFIXES = ['/api/files/', '/api/music/covers/'];

/** What helmet does not set: Permissions-Policy everywhere, a sandbox for served files. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (FILE_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      reply.header('content-security-policy', FILE_CSP);
    }
  });
}
