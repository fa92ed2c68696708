import { randomBytes } from 'node:crypto';
import type { TestApp } from './build-app.ts';
import { type Json, json, send } from './http.ts';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  /** Cookie header that carries the session. */
  cookie: string;
  ip: string;
}

let counter = 0;

/** A distinct client address per test user, so per-IP rate limits do not collide across tests. */
export function nextIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A same-origin browser-like request to the test app, with a JSON body when one is given. */
export async function call(
  t: TestApp,
  path: string,
  options: { method?: string; body?: unknown; cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json; response: Response }> {
  const hasBody = options.body !== undefined;
  const { status, body, response } = await send(t, options.method ?? (hasBody ? 'POST' : 'GET'), path, {
    body: hasBody ? JSON.stringify(options.body) : undefined,
    contentType: hasBody ? 'application/json' : undefined,
    cookie: options.cookie,
    ip: options.ip ?? '10.255.255.254',
    headers: options.headers,
  });
  return { status, body, response };
}

/** Signs a new user up through the real Better Auth endpoint. */
export async function createUser(
  t: TestApp,
  overrides: Partial<Pick<TestUser, 'name' | 'email' | 'password'>> = {},
): Promise<TestUser> {
  const suffix = randomBytes(4).toString('hex');
  const name = overrides.name ?? `user_${suffix}`;
  const email = overrides.email ?? `${suffix}@example.com`;
  const password = overrides.password ?? 'correct horse';
  const ip = nextIp();
  const res = await call(t, '/api/auth/sign-up/email', { body: { name, email, password }, ip });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.user.id, name, email, password, cookie: cookieFrom(res.response), ip };
}

export async function signIn(t: TestApp, email: string, password: string, ip = nextIp()) {
  const res = await call(t, '/api/auth/sign-in/email', { body: { email, password }, ip });
  return { ...res, cookie: cookieFrom(res.response) };
}

export { json };

/** Opens the newest e-mail verification link sent to `user`, as they would from their inbox. */
export async function verifyEmail(t: TestApp, user: Pick<TestUser, 'email' | 'cookie'>): Promise<void> {
  const to = user.email.toLowerCase();
  const mail = t.mail.filter((m) => m.to === to && /\/api\/auth\/verify-email/.test(m.text)).at(-1);
  const link = mail?.text.match(/https?:\/\/\S+(\/api\/auth\/verify-email\S+)/)?.[1];
  if (!link) throw new Error(`no verification link mailed to ${to}`);
  const res = await call(t, link, { cookie: user.cookie });
  if (res.status !== 302 || res.response.headers.get('location') !== '/email-verified') {
    throw new Error(`verification failed: ${res.status} ${res.response.headers.get('location')}`);
  }
}

/** Gives an account the admin role directly in the database (ADMIN_EMAILS may need verification). */
export async function makeAdmin(t: TestApp, user: TestUser): Promise<void> {
  await t.database.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', user.id).execute();
  // With Redis, the session's copy there still says 'user' (as after `cli role set`, the role counts
  // from the next sign-in): sign in again, as the admin would.
  if (t.config.redis) {
    const fresh = await signIn(t, user.email, user.password, user.ip);
    if (fresh.status !== 200) throw new Error(`admin sign-in failed: ${fresh.status}`);
    user.cookie = fresh.cookie;
  }
}
