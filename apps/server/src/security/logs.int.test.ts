import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../lib/log-redaction.ts';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { call, cookieFrom, createUser, nextIp, signIn } from '../test/users.ts';

// Request logs once carried reset tokens (/reset-password/<token>, ?token=).
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'debug', LOG_REQUEST_SAMPLE: '1' },
    logStream: {
      write(line: string) {
        lines.push(line);
      },
    },
  });
});

afterAll(async () => {
  await t.close();
});

describe('what the server logs', () => {
  it('never contains a reset token, a password, a session cookie or a bearer token', async () => {
    const password = 'first-secret-pw-7731';
    const wrongPassword = 'wrong-secret-pw-4409';
    const newPassword = 'second-secret-pw-9120';
    const user = await createUser(t, { password });

    expect((await signIn(t, user.email, wrongPassword)).status).toBe(401);
    const signedIn = await signIn(t, user.email, password);
    expect(signedIn.status).toBe(200);
    const sessionCookie = signedIn.cookie;

    const requested = await call(t, '/api/auth/request-password-reset', {
      body: { email: user.email, redirectTo: '/reset-password' },
      ip: nextIp(),
    });
    expect(requested.status).toBe(200);
    const link = t.mail.at(-1)?.text.match(/https?:\/\/\S+\/api\/auth\/reset-password\/[A-Za-z0-9_-]+\S*/)?.[0];
    if (!link) throw new Error('no reset link in the mail');
    const token = link.match(/reset-password\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(10);

    // Opening the link, then the page it leads to, then setting the new password.
    const opened = await call(t, link.slice(t.baseUrl.length));
    expect(opened.status).toBe(302);
    await call(t, `/reset-password?token=${token}`);
    await call(t, `/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent(`/x?token=${token}`)}`);
    const reset = await call(t, '/api/auth/reset-password', { body: { newPassword, token }, ip: nextIp() });
    expect(reset.status).toBe(200);

    // Credentials in headers, and a body that fails to parse.
    await call(t, '/api/users/me/profile', { headers: { authorization: 'Bearer xyz' } });
    await call(t, '/api/users/me/profile', { cookie: sessionCookie });
    const malformed = await fetch(`${t.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.baseUrl },
      body: `{"email":"${user.email}","password":"${password}"`,
    });
    expect(malformed.status).toBe(400);
    await malformed.arrayBuffer();
    const newSession = await signIn(t, user.email, newPassword);
    expect(newSession.status).toBe(200);

    const log = lines.join('');
    // The log is real: the requests above are in it, only their secrets are not.
    expect(log).toContain('/api/auth/reset-password/[REDACTED]');
    expect(log).toContain('token=[REDACTED]');
    for (const secret of [
      token,
      password,
      wrongPassword,
      newPassword,
      'Bearer xyz',
      ...sessionCookie.split('; ').map((c) => c.split('=').slice(1).join('=')),
      ...newSession.cookie.split('; ').map((c) => c.split('=').slice(1).join('=')),
      ...cookieFrom(reset.response)
        .split('; ')
        .map((c) => c.split('=').slice(1).join('='))
        .filter(Boolean),
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('redactUrl', () => {
  it('censors tokens in the path, in credential parameters and inside callback URLs', () => {
    expect(redactUrl('/api/auth/reset-password/abc123?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[REDACTED]?callbackURL=%2Freset-password',
    );
    expect(redactUrl('/reset-password?token=abc&x=1')).toBe('/reset-password?token=[REDACTED]&x=1');
    expect(redactUrl('/cb?code=c0de&state=s7&Token=t')).toBe('/cb?code=[REDACTED]&state=[REDACTED]&Token=[REDACTED]');
    expect(redactUrl(`/v?callbackURL=${encodeURIComponent('/x?token=abc')}`)).not.toContain('abc');
    expect(redactUrl('/api/music/search?q=abc')).toBe('/api/music/search?q=abc');
  });
});
