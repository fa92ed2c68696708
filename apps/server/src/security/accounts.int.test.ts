import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { call, createUser, nextIp, signIn, type TestUser } from '../test/users.ts';

/**
 * Accounts as a determined outsider meets them: whose picture
 * a sign-up may name, who becomes admin, what an e-mail change needs, what a stolen session can
 * do, and what floods of guesses and mails get.
 */

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  t = await createTestApp({
    env: { ADMIN_EMAILS: 'chief@example.com,later-chief@example.com', LOG_LEVEL: 'info' },
    logStream,
  });
});
afterAll(async () => t.close());

const db = () => t.database.handle.db;

async function userRow(id: string) {
  return db().selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

function lastMail(to: string, subject?: string) {
  return t.mail.filter((m) => m.to === to && (!subject || m.subject === subject)).at(-1);
}

/** Follows the link of the newest mail to `to` that has a verify-email link, as a browser would. */
async function openVerificationLink(to: string, cookie?: string) {
  const mail = t.mail.filter((m) => m.to === to && /verify-email/.test(m.text)).at(-1);
  const link = mail?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\S+/)?.[0];
  if (!link) throw new Error(`no verification link mailed to ${to}`);
  return call(t, link.slice(link.indexOf('/api/')), { cookie });
}

const role = async (user: TestUser) => (await call(t, '/api/users/me/profile', { cookie: user.cookie })).body.role;

describe('pictures come only from our upload route (defect 2)', () => {
  it('ignores an image URL sent with an e-mail sign-up', async () => {
    const res = await call(t, '/api/auth/sign-up/email', {
      body: {
        name: 'picky',
        email: 'picky@example.com',
        password: 'quiet-river-7',
        image: '/api/files/avatars/someone/x.webp',
      },
      ip: nextIp(),
    });
    expect(res.status).toBe(200);
    const profile = await call(t, '/api/profiles/picky');
    expect(profile.body.pictureUrl).toBeNull();
    expect((await userRow(res.body.user.id)).image).toBeNull();
  });

  it('ignores an image URL sent to update-user', async () => {
    const user = await createUser(t);
    const res = await call(t, '/api/auth/update-user', {
      body: { image: '/api/files/avatars/victim/a.webp', name: user.name },
      cookie: user.cookie,
    });
    expect(res.status).toBe(200);
    expect((await userRow(user.id)).image).toBeNull();
  });
});

describe('update-user refuses bad names with 400 and changes nothing (defect 12)', () => {
  it.each([
    ['a number', 42, 'Display name must be text'],
    ['an object', { first: 'x' }, 'Display name must be text'],
    ['an empty name', '   ', 'Display name cannot be empty'],
    [
      'forbidden characters',
      'ana<script>',
      'Display name can only contain letters, numbers, spaces, dots, hyphens and underscores',
    ],
    ['an invisible letter', 'ana\u3164', 'Display name cannot contain invisible characters'],
  ])('%s', async (_what, name, message) => {
    const user = await createUser(t);
    const res = await call(t, '/api/auth/update-user', { body: { name }, cookie: user.cookie });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await userRow(user.id)).name).toBe(user.name);
  });

  it("refuses another user's name, in any case and in look-alike letters", async () => {
    await createUser(t, { name: 'Admin' });
    const user = await createUser(t);
    for (const name of ['ADMIN', '\u0410dmin', 'adm\u0456n']) {
      const res = await call(t, '/api/auth/update-user', { body: { name }, cookie: user.cookie });
      expect(res.status, name).toBe(400);
      expect(res.body.message).toBe('That display name is already taken. Please choose another.');
    }
    expect((await userRow(user.id)).name).toBe(user.name);
  });

  it('refuses a sign-up whose name only looks like a taken one', async () => {
    await createUser(t, { name: 'Paloma' });
    const res = await call(t, '/api/auth/sign-up/email', {
      body: { name: 'P\u0430loma', email: 'lookalike@example.com', password: 'quiet-river-7' },
      ip: nextIp(),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('That display name is already taken. Please choose another.');
  });

  it('keeps the profile name in step when a valid name is accepted', async () => {
    const user = await createUser(t);
    const res = await call(t, '/api/auth/update-user', { body: { name: 'Renamed Fan' }, cookie: user.cookie });
    expect(res.status).toBe(200);
    expect((await call(t, '/api/profiles/renamed%20fan')).body.userId).toBe(user.id);
  });
});

describe('the admin role needs a verified address (defect 3)', () => {
  it('sends a verification mail at sign-up and grants admin only after the link is opened', async () => {
    const chief = await createUser(t, { email: 'chief@example.com' });
    expect(await role(chief)).toBe('user');
    expect((await userRow(chief.id)).emailVerified).toBeFalsy();
    // Someone else cannot verify it by asking for links: the link goes to the address itself.
    const res = await openVerificationLink('chief@example.com');
    expect(res.status).toBe(302);
    expect(res.response.headers.get('location')).toBe('/email-verified');
    expect(await role(chief)).toBe('admin');
  });

  it('grants admin when an existing account later verifies a listed address', async () => {
    const user = await createUser(t);
    await openVerificationLink(user.email);
    const change = await call(t, '/api/auth/change-email', {
      body: { newEmail: 'later-chief@example.com', password: user.password },
      cookie: user.cookie,
    });
    expect(change.status).toBe(200);
    expect(await role(user)).toBe('user');
    await openVerificationLink('later-chief@example.com', user.cookie);
    expect((await userRow(user.id)).email).toBe('later-chief@example.com');
    expect(await role(user)).toBe('admin');
  });

  it('answers a forged or expired verification link with a redirect that names the error', async () => {
    const res = await call(t, '/api/auth/verify-email?token=not.a.token&callbackURL=/email-verified');
    expect(res.status).toBe(302);
    expect(res.response.headers.get('location')).toBe('/email-verified?error=INVALID_TOKEN');
  });
});

describe('changing the e-mail address needs proof (defect 4)', () => {
  it('refuses without the current password, or with a wrong one, and changes nothing', async () => {
    const user = await createUser(t);
    const none = await call(t, '/api/auth/change-email', { body: { newEmail: 'x1@example.com' }, cookie: user.cookie });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Enter your current password to change your e-mail address');
    const wrong = await call(t, '/api/auth/change-email', {
      body: { newEmail: 'x1@example.com', password: 'not my password' },
      cookie: user.cookie,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe('Incorrect password');
    expect((await userRow(user.id)).email).toBe(user.email);
    expect(t.mail.some((m) => m.to === 'x1@example.com')).toBe(false);
  });

  it('answers a taken address with a clear message and never claims a change', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const res = await call(t, '/api/auth/change-email', {
      body: { newEmail: other.email, password: user.password },
      cookie: user.cookie,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with that e-mail address already exists.');
    expect(JSON.stringify(res.body)).not.toMatch(/has been changed/i);
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it('changes the address only when the link sent to the new one is opened, and tells the old one', async () => {
    const user = await createUser(t);
    const newEmail = `moved-${user.id.slice(-6).toLowerCase()}@example.com`;
    const res = await call(t, '/api/auth/change-email', {
      body: { newEmail, password: user.password, callbackURL: '/settings' },
      cookie: user.cookie,
    });
    expect(res.status).toBe(200);
    expect((await userRow(user.id)).email).toBe(user.email);
    expect(lastMail(user.email, 'Your liner e-mail address is about to change')?.text).toContain(newEmail);
    expect(lastMail(newEmail, 'Confirm your new liner e-mail address')).toBeDefined();
    const opened = await openVerificationLink(newEmail);
    expect(opened.response.headers.get('location')).toBe('/email-verified');
    const row = await userRow(user.id);
    expect(row.email).toBe(newEmail);
    expect(row.emailVerified).toBeTruthy();
    expect((await signIn(t, newEmail, user.password)).status).toBe(200);
  });
});

describe('sessions end when they should', () => {
  it('gives every sign-in a new session, and signing out ends it on the server', async () => {
    const user = await createUser(t);
    const second = await signIn(t, user.email, user.password);
    expect(second.cookie).not.toBe(user.cookie);
    await call(t, '/api/auth/sign-out', { body: {}, cookie: second.cookie });
    // The cookie a thief copied before sign-out is now worthless.
    expect((await call(t, '/api/users/me/profile', { cookie: second.cookie })).status).toBe(401);
    expect((await call(t, '/api/users/me/profile', { cookie: user.cookie })).status).toBe(200);
  });

  it('ends every other session on a password change, even when the client asks to keep them', async () => {
    const user = await createUser(t);
    const stolen = await signIn(t, user.email, user.password);
    const res = await call(t, '/api/auth/change-password', {
      body: { currentPassword: user.password, newPassword: 'a-much-better-one', revokeOtherSessions: false },
      cookie: user.cookie,
    });
    expect(res.status).toBe(200);
    expect((await call(t, '/api/users/me/profile', { cookie: stolen.cookie })).status).toBe(401);
  });

  it('refuses a common new password on change-password', async () => {
    const user = await createUser(t);
    const res = await call(t, '/api/auth/change-password', {
      body: { currentPassword: user.password, newPassword: 'qwertyuiop' },
      cookie: user.cookie,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('That password is too common. Please choose a less common one.');
    expect((await signIn(t, user.email, user.password)).status).toBe(200);
  });

  it('ends every session when the account is deleted', async () => {
    const user = await createUser(t);
    const other = await signIn(t, user.email, user.password);
    const res = await call(t, '/api/users/me', {
      method: 'DELETE',
      body: { password: user.password },
      cookie: user.cookie,
    });
    expect(res.status).toBe(204);
    expect((await call(t, '/api/auth/get-session', { cookie: other.cookie })).body).toBeNull();
  });
});

describe('reading the session is never rate-limited (defect 6)', () => {
  it('answers 300 session reads from one address in a minute', async () => {
    const user = await createUser(t);
    const ip = nextIp();
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i += 30) {
      const batch = await Promise.all(
        Array.from({ length: 30 }, () => call(t, '/api/auth/get-session', { cookie: user.cookie, ip })),
      );
      for (const res of batch) statuses.add(res.status);
    }
    expect([...statuses]).toEqual([200]);
  });
});

describe('brute force with forged headers (defects 7, 8)', () => {
  it('counts failures by the address the trusted proxy saw, not a forged leftmost X-Forwarded-For', async () => {
    const real = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call(t, '/api/auth/sign-in/email', {
        body: { email: `nobody${i}@example.com`, password: 'guess-guess' },
        headers: { 'x-forwarded-for': `203.0.113.${i}, ${real}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('pauses an account after 10 failures from 10 addresses, even for the right password, and says when to retry', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) expect((await signIn(t, user.email, `wrong-${i}`)).status).toBe(401);
    const right = await signIn(t, user.email, user.password);
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many failed login attempts. Please try again later.');
    const retryAfter = Number(right.response.headers.get('retry-after'));
    // A pause, never a lockout: at most the 15-minute block.
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(right.cookie).toBe('');
    // Other accounts are not affected.
    const other = await createUser(t);
    expect((await signIn(t, other.email, other.password)).status).toBe(200);
  });

  it('logs a failed login with the account id, the client address and the request id', async () => {
    const user = await createUser(t);
    const ip = nextIp();
    await signIn(t, user.email, 'wrong-password', ip);
    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.event === 'login_failed' && l.userId === user.id);
    expect(line).toMatchObject({ clientIp: ip, path: '/sign-in/email' });
    expect(line.reqId).toBeDefined();
  });

  it('counts wrong current passwords on change-email towards the same pause', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 10; i++) {
      await call(t, '/api/auth/change-email', {
        body: { newEmail: `guess${i}@example.com`, password: `guess-${i}` },
        cookie: user.cookie,
      });
    }
    const res = await call(t, '/api/auth/change-email', {
      body: { newEmail: 'final@example.com', password: user.password },
      cookie: user.cookie,
    });
    expect(res.status).toBe(429);
  });
});

describe('mail floods (defect 13)', () => {
  it('sends at most 3 reset mails an hour to one address, whatever the client addresses', async () => {
    const user = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await call(t, '/api/auth/request-password-reset', {
        body: { email: user.email, redirectTo: '/reset-password' },
        ip: nextIp(),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    expect(t.mail.filter((m) => m.to === user.email && m.subject === 'Reset your liner password')).toHaveLength(3);
  });

  it('limits verification mails per address too', async () => {
    const user = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(t, '/api/auth/send-verification-email', {
        body: { email: user.email },
        cookie: user.cookie,
        ip: nextIp(),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
  });
});

describe('API rate limits (defect 8)', () => {
  it('answers 429 with Retry-After past the per-user write limit, for that user only', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_WRITES: '5' } });
    try {
      const ana = await createUser(limited);
      const bo = await createUser(limited);
      const note = (who: TestUser) =>
        call(limited, '/api/posts', {
          body: { type: 'note', title: 'hi', content: 'hello' },
          cookie: who.cookie,
          ip: who.ip,
        });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await note(ana)).status);
      expect(statuses.slice(0, 5).every((s) => s === 201 || s === 200)).toBe(true);
      const refused = await note(ana);
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('RATE_LIMITED');
      expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
      const posts = await limited.database.handle.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', ana.id)
        .executeTakeFirstOrThrow();
      expect(Number(posts.n)).toBe(5);
      expect([200, 201]).toContain((await note(bo)).status);
    } finally {
      await limited.close();
    }
  });

  it('limits searches per address at ten times one person, so a shared address still works', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_SEARCHES: '2' } });
    try {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await call(limited, `/api/music/search?q=love${i}`, { ip })).status);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect((await call(limited, '/api/music/search?q=love', { ip: nextIp() })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
