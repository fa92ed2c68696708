import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { type Json, type RawResponse, send } from '../test/http.ts';
import { call, cookieFrom, createUser, nextIp } from '../test/users.ts';

/**
 * The README promises that the session token lives only in the httpOnly cookie: a script injected
 * into the page must not be able to read it from any answer and carry the session away.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The raw session token of a Set-Cookie (the cookie holds `<token>.<signature>`). */
function sessionToken(response: Response): string {
  const value = response.headers
    .getSetCookie()
    .map((cookie) => cookie.match(/session_token=([^;]*)/)?.[1])
    .find(Boolean);
  return decodeURIComponent(value ?? '').split('.')[0] ?? '';
}

/** Every path in a JSON value whose key is `token`, wherever it is nested. */
function tokenKeys(value: Json, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => tokenKeys(item, `${path}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(key === 'token' ? [`${path}.token`] : []),
    ...tokenKeys(item, `${path}.${key}`),
  ]);
}

const postJson = (path: string, body: unknown, ip: string) =>
  send(t, 'POST', path, { body: JSON.stringify(body), contentType: 'application/json', ip });

describe('session tokens stay in the httpOnly cookie', () => {
  it('leaves tokens out of every answer, from sign-up to the list of sessions', async () => {
    const ip = nextIp();
    const credentials = { email: `tokens-${ip.replaceAll('.', '-')}@example.com`, password: 'correct horse' };
    const signUp = await postJson(
      '/api/auth/sign-up/email',
      { ...credentials, name: `tokens_${ip.replaceAll('.', '_')}` },
      ip,
    );
    const signIn = await postJson('/api/auth/sign-in/email', credentials, ip);
    const cookie = cookieFrom(signIn.response);
    const answers: Record<string, RawResponse> = {
      'sign-up': signUp,
      'sign-in': signIn,
      'get-session': await send(t, 'GET', '/api/auth/get-session', { cookie, ip }),
      'list-sessions': await send(t, 'GET', '/api/auth/list-sessions', { cookie, ip }),
      'users/me/sessions': await send(t, 'GET', '/api/users/me/sessions', { cookie, ip }),
    };
    const tokens = [sessionToken(signUp.response), sessionToken(signIn.response)];
    for (const token of tokens) expect(token.length).toBeGreaterThan(10);

    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBe(200);
      expect(answer.body, name).not.toBeNull();
      for (const token of tokens) expect(answer.text, name).not.toContain(token);
      expect(tokenKeys(answer.body), name).toEqual([]);
      expect(answer.response.headers.get('set-auth-token'), name).toBeNull();
    }
    // The answers still say who signed in: only the token is gone.
    expect(signIn.body.user.email).toBe(credentials.email);
    expect(answers['get-session']?.body.session.userId).toBe(signUp.body.user.id);
  });

  it('does not accept a session token as a bearer token', async () => {
    const user = await createUser(t);
    const token = decodeURIComponent(user.cookie.match(/liner\.session_token=([^;]+)/)?.[1] ?? '');
    const asBearer = await call(t, '/api/users/me/profile', { headers: { authorization: `Bearer ${token}` } });
    expect(asBearer.status).toBe(401);
    const session = await call(t, '/api/auth/get-session', { headers: { authorization: `Bearer ${token}` } });
    expect(session.body).toBeNull();
  });
});
