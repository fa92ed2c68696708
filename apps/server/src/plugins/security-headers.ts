import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

/** The site's own policy: every script, style, picture and connection from this origin only. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // React sets style attributes; no inline <style> or script is served.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // The site is served over plain http on localhost by default; HSTS belongs to the TLS proxy.
  strictTransportSecurity: false,
  // Nothing may frame the site: X-Frame-Options for browsers older than frame-ancestors.
  xFrameOptions: { action: 'deny' },
};

/**
 * The headers helmet sets for these options, worked out once. Helmet is a per-request middleware
 * that parses its options on every call (@fastify/helmet calls it anew for each request: 15 % of
 * the CPU of a constant route); our options never vary, so neither do the headers.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Every answer's security headers, set in one step as a request arrives (so errors carry them
 * too): helmet's, Permissions-Policy, and a sandbox instead of the site's policy for served files.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const site = Object.freeze({ ...helmetHeaders(HELMET_OPTIONS), 'permissions-policy': PERMISSIONS_POLICY });
  const files = Object.freeze({ ...site, 'content-security-policy': FILE_CSP });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(FILE_PREFIXES.some((prefix) => request.url.startsWith(prefix)) ? files : site);
    done();
  });
}
