// Over ~350 lines on purpose: Better Auth takes one options object, and its hooks share the closures
// built in authOptions; the e-mails are in auth-emails.ts and the queries in auth.repository.ts.
import {
  ACCOUNT_SUSPENDED,
  checkDisplayName,
  DISPLAY_NAME_TAKEN,
  INVITE_INVALID,
  INVITE_REQUIRED,
  INVITE_REQUIRED_FOR_GOOGLE,
  MIN_PASSWORD_LENGTH,
  REGISTRATION_CLOSED,
} from '@liner/shared';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { genericOAuth, openAPI } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import type { Mailer } from '../lib/mailer.ts';
import { MAX_PASSWORD_LENGTH, passwordProblem } from '../lib/password-policy.ts';
import type { RateLimitStore } from '../lib/rate-limit.ts';
import type { RedisHandle } from '../lib/redis.ts';
import type { InviteHold, RegistrationService } from '../modules/community/index.ts';
import type { AccountProfiles } from '../modules/users/index.ts';
import { findUserIdByEmail, grantAdmin, setUserName } from './auth.repository.ts';
import { confirmNewEmail, emailChangeNotice, resetPasswordEmail, verifyEmail } from './auth-emails.ts';
import { authRateLimitStorage } from './auth-rate-limits.ts';
import { authRedis, type SessionCopies } from './redis-storage.ts';

/** Better Auth reads the client IP from this header only; our handler sets it from request.ip. */
export const CLIENT_IP_HEADER = 'x-liner-client-ip';

export interface AuthDeps {
  config: AppConfig;
  database: DatabaseHandle;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** When set, sessions and Better Auth's rate limits live in Redis as well (redis-storage.ts). */
  redis?: RedisHandle;
  /**
   * Who may sign up: the community module's service itself, so an admin's change of mode and the
   * invitations it holds are the ones sign-up sees.
   */
  registration: Pick<RegistrationService, 'current' | 'refresh' | 'hold' | 'release' | 'redeem'>;
  /** An account's profile is made, renamed and checked with it. */
  profiles: AccountProfiles;
  /**
   * Copies of sessions kept beside Better Auth (its Redis copies, the app's session cache): a
   * session that ends and an account that changes are forgotten there at once.
   */
  copies: SessionCopies;
  /** Where Better Auth's per-address limits are counted. */
  limits: RateLimitStore;
}

/** Picks a free display name for an account whose name came from elsewhere (Google). */
async function freeDisplayName(profiles: AccountProfiles, wanted: string, email: string): Promise<string> {
  const base =
    checkDisplayName(wanted.replace(/[^\p{L}\p{N} ._-]/gu, '').slice(0, 24)).ok && wanted.trim()
      ? wanted
          .replace(/[^\p{L}\p{N} ._-]/gu, '')
          .trim()
          .slice(0, 24)
      : (email.split('@')[0] ?? 'listener').replace(/[^\p{L}\p{N}._-]/gu, '').slice(0, 24) || 'listener';
  for (let n = 0; n < 1000; n++) {
    const candidate = n === 0 ? base : `${base}${n + 1}`;
    if (!(await profiles.nameTaken(candidate))) return candidate;
  }
  return `${base.slice(0, 16)}${Date.now().toString(36)}`;
}

type BetterAuthLogLevel = 'debug' | 'info' | 'warn' | 'error' | 'success';

/**
 * A junk callback URL or a foreign origin is a visitor's mistake (or probe), not our fault: it is
 * logged as a warning, so errors in the log stay the server's own.
 */
export function authLogLevel(level: BetterAuthLogLevel, message: string): 'debug' | 'info' | 'warn' | 'error' {
  if (level === 'success') return 'info';
  if (
    level === 'error' &&
    /^(Invalid (callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL|origin)\b|Blocked cross-site)/.test(message)
  ) {
    return 'warn';
  }
  return level;
}

/** Where verification links land in the SPA (Better Auth adds `?error=…` when a link is bad). */
export const EMAIL_VERIFIED_PATH = '/email-verified';
/** Accounts without a password (Google only) change their e-mail within this long of signing in. */
const FRESH_SIGN_IN_MS = 10 * 60_000;

/** The payload of a verification token Better Auth made: which kind of link this is. */
function tokenPurpose(token: string): { updateTo?: string } {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return {};
  }
}

/** Every verification link lands on our page, whatever callback the request named. */
function linkToVerifiedPage(url: string): string {
  const link = new URL(url);
  link.searchParams.set('callbackURL', EMAIL_VERIFIED_PATH);
  return link.toString();
}

function refuse(status: 'BAD_REQUEST' | 'FORBIDDEN' | 'CONFLICT', code: string, message: string): never {
  throw new APIError(status, { message, code });
}

/** Where Better Auth finishes a Google sign-in, which may create the account. */
const isOAuthCallback = (path: string) => path.startsWith('/oauth2/callback') || path.startsWith('/callback');

/** A Better Auth request's own context object: the same in its hooks and in its database hooks. */
type RequestContext = object;

/**
 * The part of Better Auth's options that its tables follow: the database, our fields on the user,
 * where sessions and verifications are kept, the rate-limit table (used when there is no Redis) and
 * the plugins. Migrations read only this, so the CLI and the tests bring the schema up without
 * making an auth instance, and the app's options are built on it so the two cannot differ.
 */
export function authTableOptions(config: AppConfig, database: DatabaseHandle) {
  return {
    database: { db: database.db, type: database.dialect, transaction: true },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        // Set by an admin (modules/community): no new session, and existing ones count as signed out.
        suspendedAt: { type: 'date', required: false, input: false },
      },
    },
    // With Redis, sessions are kept in both: the database stays the truth (redis-storage.ts).
    session: { storeSessionInDatabase: true },
    verification: { storeInDatabase: true },
    plugins: [
      // Its document is merged into /api/openapi.json; its own reference page (a CDN script) stays off.
      openAPI({ disableDefaultReference: true }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  } satisfies BetterAuthOptions;
}

export function authOptions(deps: AuthDeps) {
  const { config, database, mailer, log, registration, profiles, copies } = deps;
  const db = database.db;
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());
  // Who may create an account (ADR 30): ADMIN_EMAILS addresses always may, so a closed site can
  // still be set up; everyone else as the admins chose.
  const invitesHeld = new WeakMap<RequestContext, InviteHold>();
  /** ADMIN_EMAILS grants admin to an address someone proved they own, whenever they prove it. */
  const grantAdminIfListed = async (user: { id: string; email: string; emailVerified: boolean }) => {
    if (!user.emailVerified || !isAdminEmail(user.email)) return;
    // The copies of their sessions are forgotten by the update hook that called this; a new
    // account has none yet.
    if (await grantAdmin(db, user.id, user.email)) {
      log.info({ userId: user.id }, 'admin role granted to a verified ADMIN_EMAILS address');
    }
  };

  const tables = authTableOptions(config, database);
  return {
    appName: 'liner',
    // Better Auth's messages go to our structured log, not the console.
    logger: {
      level: 'warn',
      log: (level: BetterAuthLogLevel, message: string, ...args: unknown[]) =>
        log[authLogLevel(level, message)]({ args }, `[auth] ${message}`),
    },
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    ...tables,
    trustedOrigins: async () => config.trustedOrigins,
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        await mailer.send(resetPasswordEmail(user.email, url));
      },
    },
    emailVerification: {
      // Unverified accounts use the site as before (spec flows unchanged); only the admin role and
      // an e-mail change wait for a verified address (DESIGN.md decision 12).
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url, token }) {
        const link = linkToVerifiedPage(url);
        const changing = Boolean(tokenPurpose(token).updateTo);
        await mailer.send(changing ? confirmNewEmail(user.email, link) : verifyEmail(user.email, link));
      },
    },
    user: {
      ...tables.user,
      // A new address takes effect only when the link sent to it is opened; the request needs the
      // current password (hooks below) and the old address is told.
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    ...(deps.redis ? { secondaryStorage: authRedis(deps.redis).storage } : {}),
    session: {
      ...tables.session,
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      // Per client address, on in every environment, where every instance shares the counts (the
      // app's rate-limit store: auth-rate-limits.ts). Reading the session is not a credential
      // attempt: it is never throttled, or busy people behind one address would look signed out
      // (defect 6).
      enabled: true,
      customStorage: authRateLimitStorage(deps.limits),
      window: 60,
      max: 200,
      customRules: {
        '/get-session': false,
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
        '/send-verification-email': { window: 60, max: 5 },
        '/verify-email': { window: 60, max: 20 },
        '/change-email': { window: 60, max: 5 },
        '/change-password': { window: 60, max: 5 },
        '/update-user': { window: 60, max: 30 },
      },
    },
    advanced: {
      cookiePrefix: 'liner',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Better Auth skips its origin and callback-URL checks when it detects a test runner; tests
      // must exercise what production runs (an off-site callbackURL is refused with 403).
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    onAPIError: {
      // Anything but Better Auth's own answers (a database gone mid-request, a bug) goes on to our
      // error handler, which answers 503 or 500 in the API's one error shape and logs it; left to
      // Better Auth it would be a bare 500 printed to the console (auth.routes.ts logs the 5xx
      // answers Better Auth makes itself).
      throw: true,
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        switch (ctx.path) {
          case '/sign-up/email': {
            const email = typeof body.email === 'string' ? body.email.trim() : '';
            const mode = isAdminEmail(email) ? 'open' : await registration.refresh();
            if (mode === 'closed') refuse('FORBIDDEN', 'REGISTRATION_CLOSED', REGISTRATION_CLOSED);
            if (mode === 'invite' && (typeof body.inviteCode !== 'string' || body.inviteCode.trim() === '')) {
              refuse('FORBIDDEN', 'INVITE_REQUIRED', INVITE_REQUIRED);
            }
            // The picture is set only by our upload route, from bytes we re-encoded (defect 2).
            delete body.image;
            const check = checkDisplayName(body.name, 'Please enter a display name');
            if (!check.ok) refuse('BAD_REQUEST', 'INVALID_DISPLAY_NAME', check.message);
            if (await profiles.nameTaken(check.value)) {
              refuse('BAD_REQUEST', 'DISPLAY_NAME_TAKEN', DISPLAY_NAME_TAKEN);
            }
            body.name = check.value;
            const weak = passwordProblem(body.password);
            if (weak) refuse('BAD_REQUEST', 'WEAK_PASSWORD', weak);
            // Held last, once nothing else refuses: released in the after hook if the sign-up fails.
            if (mode === 'invite') {
              const hold = await registration.hold(body.inviteCode);
              if (!hold) refuse('FORBIDDEN', 'INVITE_INVALID', INVITE_INVALID);
              invitesHeld.set(ctx.context, hold);
            }
            break;
          }
          case '/reset-password':
          case '/change-password':
          case '/set-password': {
            const weak = passwordProblem(body.newPassword);
            if (weak) refuse('BAD_REQUEST', 'WEAK_PASSWORD', weak);
            // A new password ends every other session, whatever the client asked: a stolen
            // session must not outlive the password change that was meant to end it.
            if (ctx.path === '/change-password') body.revokeOtherSessions = true;
            break;
          }
          case '/update-user': {
            delete body.image;
            if ('name' in body) {
              if (typeof body.name !== 'string')
                refuse('BAD_REQUEST', 'INVALID_DISPLAY_NAME', 'Display name must be text');
              const check = checkDisplayName(body.name);
              if (!check.ok) refuse('BAD_REQUEST', 'INVALID_DISPLAY_NAME', check.message);
              const session = await getSessionFromCtx(ctx);
              if (session && (await profiles.nameTaken(check.value, session.user.id))) {
                refuse('BAD_REQUEST', 'DISPLAY_NAME_TAKEN', DISPLAY_NAME_TAKEN);
              }
              body.name = check.value;
            }
            break;
          }
          case '/change-email': {
            const session = await getSessionFromCtx(ctx);
            if (!session) return;
            const accounts = await ctx.context.internalAdapter.findAccounts(session.user.id);
            const credential = accounts.find((account) => account.providerId === 'credential' && account.password);
            if (credential?.password) {
              if (typeof body.password !== 'string' || body.password === '') {
                refuse('BAD_REQUEST', 'PASSWORD_REQUIRED', 'Enter your current password to change your e-mail address');
              }
              const ok = await ctx.context.password.verify({ hash: credential.password, password: body.password });
              if (!ok) refuse('FORBIDDEN', 'INVALID_PASSWORD', 'Incorrect password');
            } else if (Date.now() - new Date(session.session.createdAt).getTime() > FRESH_SIGN_IN_MS) {
              refuse('FORBIDDEN', 'SESSION_NOT_FRESH', 'Log in again to change your e-mail address');
            }
            const newEmail = typeof body.newEmail === 'string' ? body.newEmail.trim().toLowerCase() : '';
            if (newEmail && (await ctx.context.internalAdapter.findUserByEmail(newEmail))) {
              refuse('CONFLICT', 'EMAIL_TAKEN', 'An account with that e-mail address already exists.');
            }
            body.callbackURL = EMAIL_VERIFIED_PATH;
            break;
          }
          case '/request-password-reset': {
            // The spec answers an unknown address with 'No account found with that email.' (ADR 9)
            const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
            if (email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
              // People of other servers are members under `.invalid` addresses (ADR 53): no account to reset.
              if (email.endsWith('.invalid') || (await findUserIdByEmail(db, email)) === null) {
                throw new APIError('NOT_FOUND', {
                  message: 'No account found with that email.',
                  code: 'USER_NOT_FOUND',
                });
              }
            }
            break;
          }
          default: {
            // A Google sign-in may create the account: the user-creation hook reads this mode.
            if (isOAuthCallback(ctx.path)) await registration.refresh();
            break;
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const failed = ctx.context.returned instanceof Error;
        const hold = invitesHeld.get(ctx.context);
        if (hold) {
          const created = (ctx.context.returned as { user?: { id?: unknown } } | undefined)?.user?.id;
          if (failed || typeof created !== 'string') await registration.release(hold);
          else await registration.redeem(hold, created);
        }
        // A suspended account gets no session, whichever way it signed in: the one just made is
        // ended before its cookie is of any use.
        const made = ctx.context.newSession;
        if (made && (made.user as { suspendedAt?: unknown }).suspendedAt) {
          await ctx.context.internalAdapter.deleteSession(made.session.token);
          deleteSessionCookie(ctx);
          if (isOAuthCallback(ctx.path)) {
            throw ctx.redirect(`${config.publicUrl}/login?error=ACCOUNT_SUSPENDED`);
          }
          throw new APIError('FORBIDDEN', { message: ACCOUNT_SUSPENDED, code: 'ACCOUNT_SUSPENDED' });
        }
        // The old address hears of a requested change, so a hijacked session cannot move the
        // account away unnoticed.
        if (ctx.path === '/change-email' && ctx.context.session && !(ctx.context.returned instanceof Error)) {
          const newEmail = String((ctx.body as { newEmail?: unknown })?.newEmail ?? '').toLowerCase();
          await mailer.send(emailChangeNotice(ctx.context.session.user.email, newEmail));
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async before(user, ctx) {
            // No query here: on SQLite this runs inside the sign-up's transaction. The mode was
            // read when the request started (hooks above), and an invitation held for it.
            if (!isAdminEmail(user.email)) {
              const mode = registration.current();
              if (mode === 'closed') refuse('FORBIDDEN', 'REGISTRATION_CLOSED', REGISTRATION_CLOSED);
              if (mode === 'invite' && !(ctx && invitesHeld.has(ctx.context))) {
                refuse('FORBIDDEN', 'INVITE_REQUIRED', INVITE_REQUIRED_FOR_GOOGLE);
              }
            }
            // Admin only for an address someone proved they own (a Google address comes verified).
            // The role is granted after creation, by the same rule as on every later update.
            return { data: { ...user, image: null, role: 'user', suspendedAt: null } };
          },
          async after(user) {
            // Every account has a profile. Email sign-ups checked their name above; a name from
            // Google, or one taken by a concurrent sign-up, gets a free variant the user can change.
            const name = checkDisplayName(user.name);
            let displayName = name.ok ? name.value : await freeDisplayName(profiles, user.name, user.email);
            for (let attempt = 0; attempt < 3; attempt++) {
              try {
                await profiles.create(user.id, displayName);
                break;
              } catch (error) {
                if (!isUniqueViolation(error) || attempt === 2) throw error;
                displayName = await freeDisplayName(profiles, displayName, user.email);
              }
            }
            if (displayName !== user.name) {
              await setUserName(db, user.id, displayName);
            }
            await grantAdminIfListed(user);
          },
        },
        update: {
          async before(data, ctx) {
            // Opening the link sent to a new address proves that address, whatever the old one was.
            if (ctx?.path === '/verify-email' && typeof data.email === 'string') {
              return { data: { ...data, emailVerified: true } };
            }
            return { data };
          },
          async after(user, ctx) {
            await grantAdminIfListed(user);
            if (ctx?.path === '/update-user' && typeof (ctx.body as { name?: unknown })?.name === 'string') {
              await syncDisplayName(db, profiles, user.id, user.name);
            }
            // A new name, picture, address or role: the copies of this person's sessions are stale.
            await copies.forgetUser(user.id);
          },
        },
      },
      session: {
        delete: {
          // Signed out, revoked, ended by a new password or an expiry: no copy may still open it.
          async after(session) {
            await copies.forgetSession(session.token);
          },
        },
      },
    },
  } satisfies BetterAuthOptions;
}

/**
 * A name changed through Better Auth's update-user becomes the profile's name too. The hook
 * checked it was free; if a concurrent change took it meanwhile, the account keeps its old name
 * (the user row is put back beside Better Auth).
 */
async function syncDisplayName(
  db: DatabaseHandle['db'],
  profiles: AccountProfiles,
  userId: string,
  name: string,
): Promise<void> {
  try {
    await profiles.rename(userId, name);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const current = await profiles.displayNameOf(userId);
    if (current !== undefined) await setUserName(db, userId, current);
  }
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;
