import { checkDisplayName, DISPLAY_NAME_TAKEN, displayNameKey, MIN_PASSWORD_LENGTH } from '@liner/shared';
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import type { Mailer } from '../lib/mailer.ts';
import { insertProfile, nameKeyExists } from '../modules/profiles/profiles.repository.ts';

/** Better Auth reads the client IP from this header only; our handler sets it from request.ip. */
export const CLIENT_IP_HEADER = 'x-liner-client-ip';

export interface AuthDeps {
  config: AppConfig;
  database: DatabaseHandle;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

function resetPasswordEmail(url: string) {
  return {
    subject: 'Reset your liner password',
    text: `Someone asked to reset the password of your liner account.\n\nSet a new password here (the link works once and expires in one hour):\n${url}\n\nIf this wasn't you, ignore this e-mail: your password stays as it is.\n`,
    html: `<p>Someone asked to reset the password of your liner account.</p><p><a href="${url}">Set a new password</a> — the link works once and expires in one hour.</p><p>If this wasn't you, ignore this e-mail: your password stays as it is.</p>`,
  };
}

/** Picks a free display name for an account whose name came from elsewhere (Google). */
async function freeDisplayName(deps: AuthDeps, wanted: string, email: string): Promise<string> {
  const base =
    checkDisplayName(wanted.replace(/[^\p{L}\p{N} ._-]/gu, '').slice(0, 24)).ok && wanted.trim()
      ? wanted
          .replace(/[^\p{L}\p{N} ._-]/gu, '')
          .trim()
          .slice(0, 24)
      : (email.split('@')[0] ?? 'listener').replace(/[^\p{L}\p{N}._-]/gu, '').slice(0, 24) || 'listener';
  for (let n = 0; n < 1000; n++) {
    const candidate = n === 0 ? base : `${base}${n + 1}`;
    if (!(await nameKeyExists(deps.database.db, displayNameKey(candidate)))) return candidate;
  }
  return `${base.slice(0, 16)}${Date.now().toString(36)}`;
}

export function authOptions(deps: AuthDeps) {
  const { config, database, mailer, log } = deps;
  const db = database.db;
  return {
    appName: 'liner',
    // Better Auth's messages go to our structured log, not the console.
    logger: {
      level: 'warn',
      log: (level: 'debug' | 'info' | 'warn' | 'error' | 'success', message: string, ...args: unknown[]) =>
        log[level === 'success' ? 'info' : level]({ args }, `[auth] ${message}`),
    },
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    database: { db, type: database.dialect, transaction: true },
    trustedOrigins: async () => config.trustedOrigins,
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, url }) {
        await mailer.send({ to: user.email, ...resetPasswordEmail(url) });
      },
    },
    user: {
      // Accounts here are not e-mail-verified, so a new address takes effect at once; the
      // change needs a fresh session like every account change.
      changeEmail: { enabled: true, updateEmailWithoutVerification: true },
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      // On in every environment, in the database so every instance shares the counts.
      enabled: true,
      storage: 'database',
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: 'liner',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    onAPIError: {
      // Client errors (wrong password, taken name) are answers, not faults: only 5xx reach the log.
      onError(error: unknown) {
        const status = (error as { status?: unknown; statusCode?: unknown }).statusCode;
        if (isAPIError(error) && typeof status === 'number' && status < 500) return;
        log.error({ err: error }, '[auth] request failed');
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          const check = checkDisplayName(ctx.body?.name, 'Please enter a display name');
          if (!check.ok) throw new APIError('BAD_REQUEST', { message: check.message, code: 'INVALID_DISPLAY_NAME' });
          if (await nameKeyExists(db, displayNameKey(check.value))) {
            throw new APIError('BAD_REQUEST', { message: DISPLAY_NAME_TAKEN, code: 'DISPLAY_NAME_TAKEN' });
          }
          ctx.body.name = check.value;
        }
        if (ctx.path === '/request-password-reset') {
          // The spec answers an unknown address with 'No account found with that email.'
          const email = typeof ctx.body?.email === 'string' ? ctx.body.email.trim().toLowerCase() : '';
          if (email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
            const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
            if (!user)
              throw new APIError('NOT_FOUND', { message: 'No account found with that email.', code: 'USER_NOT_FOUND' });
          }
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            const admin = config.adminEmails.includes(user.email.toLowerCase());
            return { data: { ...user, role: admin ? 'admin' : 'user' } };
          },
          async after(user) {
            // Every account has a profile. Email sign-ups checked their name above; a name from
            // Google, or one taken by a concurrent sign-up, gets a free variant the user can change.
            let name = checkDisplayName(user.name);
            let displayName = name.ok ? name.value : await freeDisplayName(deps, user.name, user.email);
            for (let attempt = 0; attempt < 3; attempt++) {
              try {
                await insertProfile(db, {
                  userId: user.id,
                  displayName,
                  nameKey: displayNameKey(displayName),
                  pictureUrl: user.image ?? null,
                });
                break;
              } catch (error) {
                if (!isUniqueViolation(error) || attempt === 2) throw error;
                displayName = await freeDisplayName(deps, displayName, user.email);
                name = { ok: true, value: displayName };
              }
            }
            if (displayName !== user.name) {
              await db.updateTable('user').set({ name: displayName }).where('id', '=', user.id).execute();
            }
          },
        },
      },
    },
    plugins: [
      bearer(),
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

export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;
