import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { CLI_ENTRY } from '../test/server-bundle.ts';
import { call, cookieFrom, createUser, nextIp, signIn } from '../test/users.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
});
afterAll(async () => t.close());

const countUsers = async () =>
  Number(
    (
      await t.database.handle.db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('sign-up', () => {
  it('creates the account, a session cookie and a profile named after the username', async () => {
    const user = await createUser(t, { name: 'Ana Maria' });
    expect(user.cookie).toMatch(/liner\.session_token=/);
    const me = await call(t, '/api/users/me/profile', { cookie: user.cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      displayName: 'Ana Maria',
      bio: '',
      setupComplete: false,
      role: 'user',
      email: user.email,
    });
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await call(t, '/api/auth/sign-up/email', {
      body: { name: 'cookiecheck', email: 'cookie@example.com', password: 'quiet-river-7' },
      ip: nextIp(),
    });
    const setCookie = res.response.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('refuses a display name taken in any letter case, and creates nothing', async () => {
    await createUser(t, { name: 'Björk' });
    const before = await countUsers();
    const res = await call(t, '/api/auth/sign-up/email', {
      body: { name: 'BJÖRK', email: 'other@example.com', password: 'quiet-river-7' },
      ip: nextIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('That display name is already taken. Please choose another.');
    expect(await countUsers()).toBe(before);
  });

  it('refuses a blank display name with the spec message', async () => {
    const res = await call(t, '/api/auth/sign-up/email', {
      body: { name: '   ', email: 'blank@example.com', password: 'quiet-river-7' },
      ip: nextIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a display name');
  });

  it('refuses a password under 8 characters and accepts exactly 8', async () => {
    const short = await call(t, '/api/auth/sign-up/email', {
      body: { name: 'shorty', email: 'short@example.com', password: 'qz7-kp2' },
      ip: nextIp(),
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters');
    const eight = await call(t, '/api/auth/sign-up/email', {
      body: { name: 'eighter', email: 'eight@example.com', password: 'qz7-kp2m' },
      ip: nextIp(),
    });
    expect(eight.status).toBe(200);
  });

  it('refuses a common password from the maintained list, and creates nothing', async () => {
    const before = await countUsers();
    const res = await call(t, '/api/auth/sign-up/email', {
      body: { name: 'commoner', email: 'common@example.com', password: 'Password1' },
      ip: nextIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('That password is too common. Please choose a less common one.');
    expect(await countUsers()).toBe(before);
  });

  it('refuses an e-mail already in use, and an invalid e-mail', async () => {
    const user = await createUser(t);
    const dup = await call(t, '/api/auth/sign-up/email', {
      body: { name: 'someoneelse', email: user.email, password: 'quiet-river-7' },
      ip: nextIp(),
    });
    expect(dup.status).toBe(422);
    expect(dup.body.code).toMatch(/^USER_ALREADY_EXISTS/);
    const invalid = await call(t, '/api/auth/sign-up/email', {
      body: { name: 'bad', email: 'not-an-email', password: 'quiet-river-7' },
      ip: nextIp(),
    });
    expect(invalid.status).toBe(400);
    expect(['INVALID_EMAIL', 'VALIDATION_ERROR']).toContain(invalid.body.code);
    expect(invalid.body.message).toMatch(/email/i);
  });

  it('gives accounts in ADMIN_EMAILS the admin role only once the address is verified', async () => {
    const boss = await createUser(t, { email: 'Boss@Example.com' });
    expect((await call(t, '/api/users/me/profile', { cookie: boss.cookie })).body.role).toBe('user');
    const mail = t.mail.filter((m) => m.to === 'boss@example.com').at(-1);
    expect(mail?.subject).toBe('Verify your liner e-mail address');
    const link = mail?.text.match(/http\S+\/api\/auth\/verify-email\S+/)?.[0] ?? '';
    const verified = await call(t, link.slice(link.indexOf('/api/')));
    expect(verified.status).toBe(302);
    expect(verified.response.headers.get('location')).toBe('/email-verified');
    expect((await call(t, '/api/users/me/profile', { cookie: boss.cookie })).body.role).toBe('admin');
  });

  it('does not let a sign-up choose its own role', async () => {
    await call(t, '/api/auth/sign-up/email', {
      body: { name: 'sneaky', email: 'sneaky@example.com', password: 'quiet-river-7', role: 'admin' },
      ip: nextIp(),
    });
    const row = await t.database.handle.db
      .selectFrom('user')
      .select('role')
      .where('email', '=', 'sneaky@example.com')
      .executeTakeFirst();
    expect(row?.role ?? 'user').toBe('user');
  });
});

describe('log-in and log-out', () => {
  it('signs in with the right password and out again', async () => {
    const user = await createUser(t);
    const res = await signIn(t, user.email, user.password);
    expect(res.status).toBe(200);
    expect((await call(t, '/api/users/me/profile', { cookie: res.cookie })).status).toBe(200);
    const out = await call(t, '/api/auth/sign-out', { body: {}, cookie: res.cookie });
    expect(out.status).toBe(200);
    expect((await call(t, '/api/users/me/profile', { cookie: res.cookie })).status).toBe(401);
  });

  it('answers an unknown e-mail and a wrong password exactly alike', async () => {
    const user = await createUser(t);
    const wrong = await signIn(t, user.email, 'not the password');
    const unknown = await signIn(t, 'nobody-here@example.com', 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('rate-limits repeated attempts from one address with 429', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(t, 'victim@example.com', `guess${i}`, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('does not let a caller reset its limit with X-Forwarded-For when no proxy is trusted', async () => {
    const direct = await createTestApp({ env: { TRUST_PROXY: 'off' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await call(direct, '/api/auth/sign-in/email', {
          body: { email: 'victim@example.com', password: `guess${i}` },
          ip: `192.0.2.${i}`,
          headers: { 'x-liner-client-ip': `198.51.100.${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    return call(t, '/api/auth/request-password-reset', {
      body: { email, redirectTo: '/reset-password' },
      ip: nextIp(),
    });
  }

  function tokenFromLastMail(to: string): string {
    const mail = t.mail.filter((m) => m.to === to).at(-1);
    const match = mail?.text.match(/\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/);
    if (!match?.[1]) throw new Error('no reset link in the mail');
    return match[1];
  }

  it('mails a link that sets a new password once, and signs out other sessions', async () => {
    const user = await createUser(t);
    expect((await requestReset(user.email)).status).toBe(200);
    const token = tokenFromLastMail(user.email);

    // The link redirects to our reset page with the token.
    const link = await call(t, `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`);
    expect(link.status).toBe(302);
    expect(link.response.headers.get('location')).toContain(`/reset-password?token=${token}`);

    const reset = await call(t, '/api/auth/reset-password', {
      body: { newPassword: 'brand new pw', token },
      ip: nextIp(),
    });
    expect(reset.status).toBe(200);
    expect((await signIn(t, user.email, user.password)).status).toBe(401);
    expect((await signIn(t, user.email, 'brand new pw')).status).toBe(200);
    // The session from before the reset is gone.
    expect((await call(t, '/api/users/me/profile', { cookie: user.cookie })).status).toBe(401);

    const again = await call(t, '/api/auth/reset-password', {
      body: { newPassword: 'third password', token },
      ip: nextIp(),
    });
    expect(again.status).toBe(400);
    expect((await signIn(t, user.email, 'third password')).status).toBe(401);
  });

  it('refuses a new password under 8 characters or a common one', async () => {
    const user = await createUser(t);
    await requestReset(user.email);
    const token = tokenFromLastMail(user.email);
    const short = await call(t, '/api/auth/reset-password', { body: { newPassword: '1234567', token }, ip: nextIp() });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters');
    const common = await call(t, '/api/auth/reset-password', {
      body: { newPassword: 'iloveyou', token },
      ip: nextIp(),
    });
    expect(common.status).toBe(400);
    expect(common.body.message).toBe('That password is too common. Please choose a less common one.');
    expect((await signIn(t, user.email, user.password)).status).toBe(200);
  });

  it('expires the link after an hour', async () => {
    const user = await createUser(t);
    await requestReset(user.email);
    const token = tokenFromLastMail(user.email);
    await t.database.handle.db
      .updateTable('verification' as never)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() } as never)
      .execute();
    const res = await call(t, '/api/auth/reset-password', {
      body: { newPassword: 'late password', token },
      ip: nextIp(),
    });
    expect(res.status).toBe(400);
  });

  it("answers an unknown address with 'No account found with that email.' and sends nothing", async () => {
    const before = t.mail.length;
    const res = await requestReset('ghost@example.com');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No account found with that email.');
    expect(t.mail.length).toBe(before);
  });
});

describe('cross-site protection on auth routes', () => {
  it('refuses a sign-in posted from another site', async () => {
    const user = await createUser(t);
    const res = await call(t, '/api/auth/sign-in/email', {
      body: { email: user.email, password: user.password },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(cookieFrom(res.response)).toBe('');
  });
});

describe('role CLI', () => {
  it('makes an existing account an admin and reports an unknown e-mail', async () => {
    const { spawnSync } = await import('node:child_process');
    const user = await createUser(t);
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: t.config.dataDir, LOG_LEVEL: 'silent' };
    if (t.database.url) {
      env.DATABASE_URL = t.database.url;
      env.DATABASE_SCHEMA = t.database.handle.schema;
    } else delete env.DATABASE_URL;
    // Configured like the server: with Redis, the CLI drops the session copies that hold the old role.
    if (t.config.redis)
      Object.assign(env, { REDIS_URL: t.config.redis.url, REDIS_KEY_PREFIX: t.config.redis.keyPrefix });
    const root = new URL('../../../../', import.meta.url).pathname;
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [...CLI_ENTRY, ...args], {
        cwd: root,
        env,
        encoding: 'utf8',
      });

    const ok = cli('role', 'set', user.email, 'admin');
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`${user.email} is now an admin`);
    expect((await call(t, '/api/users/me/profile', { cookie: user.cookie })).body.role).toBe('admin');

    const missing = cli('role', 'set', 'ghost@example.com', 'admin');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('No account found with the e-mail ghost@example.com');

    const bad = cli('role', 'set', user.email, 'emperor');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('usage:');
  }, 30_000);
});
