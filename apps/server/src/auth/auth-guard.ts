import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Limiter, RateLimitStore } from '../lib/rate-limit.ts';

/**
 * What stands in front of Better Auth besides its own per-address limits: a throttle per account
 * (failures from many addresses add up), limits per e-mail address on the mails we send, and
 * answers stripped of session tokens, which no script in the page needs (defects 8, 13, 14).
 */

const TOO_MANY_LOGIN_ATTEMPTS = 'Too many failed login attempts. Please try again later.';
const TOO_MANY_MAILS = 'Too many e-mails asked for this address. Please try again later.';

/** After this many wrong passwords for one account, it is paused — never locked for good. */
const ACCOUNT_FAILURES = { points: 10, windowSeconds: 15 * 60, blockSeconds: 15 * 60 };
/** Reset and verification mails per e-mail address. */
const MAILS_PER_ADDRESS = { points: 3, windowSeconds: 60 * 60 };

/** Paths whose request names an e-mail address that receives mail. */
const MAIL_PATHS = new Set(['/request-password-reset', '/send-verification-email']);
/** Paths that check a password of the signed-in account. */
const PASSWORD_PATHS = new Set(['/change-email', '/change-password']);

export interface AuthGuard {
  /** Runs before Better Auth; an answer here means Better Auth never sees the request. */
  before(request: FastifyRequest, reply: FastifyReply, path: string): Promise<{ refused: true } | { account?: string }>;
  /** Runs on Better Auth's answer: counts failures, logs them, strips tokens. */
  after(
    request: FastifyRequest,
    path: string,
    account: string | undefined,
    status: number,
    body: string,
  ): Promise<string>;
}

const normalizeEmail = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

function refuse(reply: FastifyReply, retryAfterSeconds: number, message: string) {
  void reply.status(429).header('retry-after', String(retryAfterSeconds)).send({ code: 'TOO_MANY_REQUESTS', message });
  return { refused: true } as const;
}

/**
 * Session tokens stay in the httpOnly cookie; JSON that scripts can read never carries them. Every
 * answer is stripped, not a list of paths: Better Auth puts the token at the top of sign-up,
 * sign-in and change-password answers and inside get-session's and list-sessions' sessions, and a
 * new endpoint would add another. Better Auth has no option to leave it out, and its after hooks
 * would also change what our own server-side `auth.api` calls get, so it is done here, on the wire.
 */
function stripSessionTokens(body: string): string {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return body;
  }
  const strip = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(strip);
    else if (value && typeof value === 'object') {
      delete (value as { token?: unknown }).token;
      Object.values(value).forEach(strip);
    }
  };
  strip(data);
  return JSON.stringify(data);
}

export function createAuthGuard(
  limits: RateLimitStore,
  findUserId: (email: string) => Promise<string | null>,
): AuthGuard {
  const accountFailures: Limiter = limits.limiter('login-failures', ACCOUNT_FAILURES);
  const mailsPerAddress: Limiter = limits.limiter('mails-per-address', MAILS_PER_ADDRESS);

  return {
    async before(request, reply, path) {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (path === '/sign-in/email' || PASSWORD_PATHS.has(path)) {
        const account =
          path === '/sign-in/email' ? normalizeEmail(body.email) : ((await request.sessionUser())?.email ?? '');
        if (!account) return {};
        const paused = await accountFailures.check(account);
        if (!paused.ok) return refuse(reply, paused.retryAfterSeconds, TOO_MANY_LOGIN_ATTEMPTS);
        return { account };
      }
      if (MAIL_PATHS.has(path)) {
        const address = normalizeEmail(body.email);
        if (!address) return {};
        const allowed = await mailsPerAddress.consume(`${path}:${address}`);
        if (!allowed.ok) return refuse(reply, allowed.retryAfterSeconds, TOO_MANY_MAILS);
      }
      return {};
    },

    async after(request, path, account, status, body) {
      if (account) {
        const wrongPassword =
          path === '/sign-in/email' ? status === 401 : status < 500 && /"code":"INVALID_PASSWORD"/.test(body);
        if (wrongPassword) {
          await accountFailures.consume(account);
          // Who was tried, from where, in which request: what an operator needs to see an attack.
          request.log.warn(
            { event: 'login_failed', userId: await findUserId(account), clientIp: request.ip, path },
            'wrong password',
          );
        } else if (status === 200 && path === '/sign-in/email') {
          await accountFailures.reset(account);
        }
      }
      return stripSessionTokens(body);
    },
  };
}
