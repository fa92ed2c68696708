import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

/** Query parameters whose value is a credential: a reset or verification token, an OAuth code. */
const SECRET_PARAMS = new Set([
  'token',
  'code',
  'state',
  'password',
  'secret',
  'otp',
  'id_token',
  'access_token',
  'refresh_token',
]);
/** Query parameters whose value is itself a URL, which may carry a token of its own. */
const URL_PARAMS = new Set(['callbackurl', 'redirectto', 'errorcallbackurl', 'newusercallbackurl', 'redirect_uri']);
/** Better Auth's reset link carries the token as a path segment: /api/auth/reset-password/<token>. */
const TOKEN_SEGMENT = /(\/reset-password\/)[^/?#]+/gi;
const CENSOR = '[REDACTED]';

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The URL as it may be logged: tokens in the path and in credential parameters replaced. */
export function redactUrl(url: string, depth = 0): string {
  const q = url.indexOf('?');
  const pathname = (q === -1 ? url : url.slice(0, q)).replace(TOKEN_SEGMENT, `$1${CENSOR}`);
  if (q === -1) return pathname;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const rawName = pair.slice(0, eq);
      const name = (decode(rawName) ?? rawName).toLowerCase();
      if (SECRET_PARAMS.has(name)) return `${rawName}=${CENSOR}`;
      if (URL_PARAMS.has(name)) {
        const value = decode(pair.slice(eq + 1));
        // Nested URLs are unwrapped twice at most; anything deeper, or undecodable, is dropped whole.
        if (value === null || depth >= 2) return `${rawName}=${CENSOR}`;
        return `${rawName}=${encodeURIComponent(redactUrl(value, depth + 1))}`;
      }
      return pair;
    });
  return `${pathname}?${params.join('&')}`;
}

/**
 * Logger options for every environment: request lines carry no token, and whatever object a log
 * call is given, cookies, authorization headers and passwords are censored in it.
 */
export function redactingLoggerOptions(): Pick<LoggerOptions, 'redact' | 'serializers'> {
  return {
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'headers.cookie',
        'headers.authorization',
        'res.headers["set-cookie"]',
        'headers["set-cookie"]',
        'password',
        'newPassword',
        'currentPassword',
        'token',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.token',
        'args[*].password',
        'args[*].newPassword',
        'args[*].token',
      ],
      censor: CENSOR,
    },
    serializers: {
      // Fastify's own request serializer, with the URL redacted; headers are never logged.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
