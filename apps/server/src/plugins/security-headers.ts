import type { FastifyInstance } from 'fastify';

/**
 * Browser features the site never uses, switched off for it and for anything it might embed.
 * 'interest-cohort' (FLoC) is gone from current browsers, which ignore it; older Chromium still
 * reads it, and 'browsing-topics' is its successor.
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
  'interest-cohort=()',
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
