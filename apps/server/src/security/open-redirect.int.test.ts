import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { freePort } from '../test/free-port.ts';
import { SUITE_ENV } from '../test/suite-env.ts';
import { call, createUser, nextIp, type TestUser } from '../test/users.ts';
import { send } from './suite-helpers.ts';

/**
 * Open redirects: a link on our domain that sends the visitor elsewhere (phishing with our name on
 * it, or a token handed to another site). Every redirect target a client can name must stay on
 * the site, or the request is refused.
 *
 * Better Auth turns its own callbackURL and origin checks off when NODE_ENV or TEST say "test"
 * (Vitest sets TEST=true) unless `advanced.disableOriginCheck` is set explicitly: this file
 * checks the behaviour production has, so it needs the checks on in every environment.
 */
let t: TestApp;
let webDir: string;
let user: TestUser;

const OFF_SITE = [
  'https://evil.example',
  'https://evil.example/reset-password',
  '//evil.example',
  '//evil.example/%2F..',
  '/\\evil.example',
  '\\\\evil.example',
  '/%5Cevil.example',
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://127.0.0.1.evil.example',
];

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'liner-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  // Google sign-in configured against an issuer that does not answer: the redirect targets are
  // checked before any request to it.
  const issuer = `http://127.0.0.1:${await freePort()}`;
  t = await createTestApp({
    env: {
      ...SUITE_ENV,
      WEB_DIST_DIR: webDir,
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_ISSUER: issuer,
    },
  });
  user = await createUser(t);
});

afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** Where a URL the server handed out would take a browser that is on our site. */
function isOffSite(target: string): boolean {
  if (/^\s*(javascript|data|vbscript):/i.test(target)) return true;
  try {
    return new URL(target, t.baseUrl).origin !== new URL(t.baseUrl).origin;
  } catch {
    return false;
  }
}

/** Neither a Location header nor a `url` in the JSON answer points off the site. */
function expectNoOffSiteRedirect(res: { status: number; response: Response; body: unknown }, what: string) {
  expect(res.status, what).toBeLessThan(500);
  const location = res.response.headers.get('location');
  if (location) expect(isOffSite(location), `${what}: Location ${location}`).toBe(false);
  const url = (res.body as { url?: unknown } | null)?.url;
  if (typeof url === 'string' && res.status < 400) {
    // Social sign-in answers with the provider's authorization URL: that one is meant to be off-site,
    // but it must not carry our redirect target on to it.
    if (!url.startsWith(t.config.google?.issuer ?? '\u0000')) expect(isOffSite(url), `${what}: url ${url}`).toBe(false);
  }
}

describe('Better Auth redirect targets', () => {
  it.each(OFF_SITE)('sign-in with callbackURL %s is refused or stays on the site', async (target) => {
    const res = await call(t, '/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password, callbackURL: target },
      ip: nextIp(),
    });
    expectNoOffSiteRedirect(res, 'sign-in');
  });

  it.each(OFF_SITE)('sign-up with callbackURL %s is refused or stays on the site', async (target) => {
    const suffix = Math.random().toString(36).slice(2, 10);
    const res = await call(t, '/api/auth/sign-up/email', {
      body: {
        name: `redir_${suffix}`,
        email: `${suffix}@example.com`,
        password: 'a fine password',
        callbackURL: target,
      },
      ip: nextIp(),
    });
    expectNoOffSiteRedirect(res, 'sign-up');
  });

  it.each(OFF_SITE)('password reset with redirectTo %s sends no mail that leads off the site', async (target) => {
    const before = t.mail.length;
    const res = await call(t, '/api/auth/request-password-reset', {
      body: { email: user.email, redirectTo: target },
      ip: nextIp(),
    });
    expectNoOffSiteRedirect(res, 'request-password-reset');
    for (const mail of t.mail.slice(before)) {
      const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? '';
      expect(isOffSite(link), link).toBe(false);
      const callback = new URL(link).searchParams.get('callbackURL');
      if (callback) expect(isOffSite(callback), `callbackURL in the mail: ${callback}`).toBe(false);
      // Following the link must not lead off the site either.
      const opened = await call(t, link.slice(t.baseUrl.length));
      expectNoOffSiteRedirect(opened, 'reset link');
    }
  });

  it.each(OFF_SITE)('the reset link with callbackURL %s does not redirect off the site', async (target) => {
    for (const token of ['not-a-token', 'x'.repeat(24)]) {
      const res = await call(t, `/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(target)}`);
      expectNoOffSiteRedirect(res, 'reset link');
    }
  });

  it.each(OFF_SITE)('verify-email with callbackURL %s does not redirect off the site', async (target) => {
    const res = await call(t, `/api/auth/verify-email?token=bogus&callbackURL=${encodeURIComponent(target)}`);
    expectNoOffSiteRedirect(res, 'verify-email');
  });

  it.each(OFF_SITE)('social sign-in with callback targets %s is refused or stays on the site', async (target) => {
    for (const field of ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL']) {
      for (const endpoint of ['/api/auth/sign-in/oauth2', '/api/auth/sign-in/social']) {
        const res = await call(t, endpoint, {
          body: { providerId: 'google', provider: 'google', [field]: target },
          ip: nextIp(),
        });
        expectNoOffSiteRedirect(res, `${endpoint} ${field}`);
        // A target that was accepted must not be stored for the callback to use later.
        if (res.status < 400) {
          const stored = await t.database.handle.db
            .selectFrom('verification' as never)
            .selectAll()
            .execute();
          expect(JSON.stringify(stored)).not.toContain('evil.example');
        }
      }
    }
  });

  it('the OAuth callback with a forged state or error never redirects off the site', async () => {
    for (const query of [
      'state=forged&code=x',
      'error=access_denied&state=forged',
      `error=x&error_description=y&state=${encodeURIComponent('https://evil.example')}`,
    ]) {
      const res = await call(t, `/api/auth/oauth2/callback/google?${query}`);
      expectNoOffSiteRedirect(res, query);
    }
  });
});

describe('the SPA fallback', () => {
  it.each([
    '//evil.example',
    '//evil.example/',
    '/\\evil.example',
    '/%5Cevil.example',
    '/%2F%2Fevil.example',
    '/assets',
    '/assets/',
    '/assets/..%2F..%2Fevil',
    '/login?redirect=https://evil.example',
    '/reset-password?callbackURL=//evil.example',
  ])('never redirects %s off the site', async (target) => {
    const res = await send(t, 'GET', target);
    expect(res.status).toBeLessThan(500);
    const location = res.response.headers.get('location');
    if (location) expect(isOffSite(location), `Location ${location}`).toBe(false);
    if (res.status >= 300 && res.status < 400) expect(location).toBeTruthy();
  });
});
