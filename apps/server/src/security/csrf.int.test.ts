import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { SUITE_ENV } from '../test/suite-env.ts';
import { call, createUser, nextIp, type TestUser } from '../test/users.ts';
import { fillPath, MUTATING_METHODS, send } from './suite-helpers.ts';

/**
 * Cross-site request forgery: a page elsewhere makes the visitor's browser send a write with the
 * visitor's cookies. Every mutating route, Better Auth's included, must refuse it however the
 * browser labels it, and must refuse the body types a cross-site form can send without a preflight.
 */
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: SUITE_ENV });
  user = await createUser(t);
});

afterAll(async () => {
  await t.close();
});

const AUTH_WRITES = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/sign-out',
  '/api/auth/update-user',
  '/api/auth/change-password',
  '/api/auth/change-email',
  '/api/auth/revoke-sessions',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
];

/** Every mutating route with its params filled, and Better Auth's writes. */
function mutatingRoutes(): { method: string; path: string }[] {
  const own = t.routes
    .filter((r) => MUTATING_METHODS.has(r.method) && r.url !== '/api/auth/*')
    .map((r) => ({ method: r.method, path: fillPath(r.url, {}, 'some-id') }));
  expect(own.length).toBeGreaterThan(10);
  return [...own, ...AUTH_WRITES.map((path) => ({ method: 'POST', path }))];
}

async function refusals(headers: Record<string, string>, expected: number): Promise<string[]> {
  const wrong: string[] = [];
  for (const { method, path } of mutatingRoutes()) {
    const res = await send(t, method, path, {
      body: JSON.stringify({ title: 't', content: 'c', email: user.email, password: user.password }),
      contentType: 'application/json',
      cookie: user.cookie,
      ip: nextIp(),
      headers,
    });
    if (res.status !== expected) wrong.push(`${method} ${path} → ${res.status} ${res.text.slice(0, 120)}`);
  }
  return wrong;
}

describe('cross-site writes', () => {
  it('are refused with 403 on every mutating route when the browser says Sec-Fetch-Site: cross-site', async () => {
    expect(await refusals({ 'sec-fetch-site': 'cross-site' }, 403)).toEqual([]);
  });

  it('are refused with 403 from a sibling site (Sec-Fetch-Site: same-site)', async () => {
    expect(await refusals({ 'sec-fetch-site': 'same-site' }, 403)).toEqual([]);
  });

  it('are refused with 403 on every mutating route when the Origin is foreign, even without Sec-Fetch-Site', async () => {
    for (const origin of ['https://evil.example', 'null', `${t.baseUrl}.evil.example`, 'http://127.0.0.1:1']) {
      expect(await refusals({ origin }, 403), origin).toEqual([]);
    }
  });

  it('leave the session and the data as they were', async () => {
    const before = await call(t, '/api/users/me/profile', { cookie: user.cookie });
    await send(t, 'POST', '/api/auth/sign-out', {
      body: '{}',
      contentType: 'application/json',
      cookie: user.cookie,
      headers: { origin: 'https://evil.example' },
    });
    await send(t, 'PUT', '/api/users/me/profile', {
      body: JSON.stringify({ bio: 'forged' }),
      contentType: 'application/json',
      cookie: user.cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    const after = await call(t, '/api/users/me/profile', { cookie: user.cookie });
    expect(after.status).toBe(200);
    expect(after.body.bio).toBe(before.body.bio);
  });
});

describe('bodies a cross-site form can send', () => {
  it.each([
    ['text/plain', '{"title":"t","content":"c"}'],
    ['text/plain;charset=UTF-8', '{"title":"t","content":"c"}'],
    ['application/x-www-form-urlencoded', 'title=t&content=c'],
  ])('are refused as %s on every mutating route, /api/auth/sign-in/email included', async (type, body) => {
    const wrong: string[] = [];
    for (const { method, path } of mutatingRoutes()) {
      const res = await send(t, method, path, { body, contentType: type, cookie: user.cookie, ip: nextIp() });
      if (res.status !== 415 && res.status !== 400) wrong.push(`${method} ${path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses multipart/form-data on every route that is not an upload', async () => {
    const wrong: string[] = [];
    for (const { method, path } of mutatingRoutes().filter((r) => !r.path.endsWith('/picture'))) {
      const form = new FormData();
      form.append('title', 't');
      form.append('content', 'c');
      const response = await fetch(`${t.baseUrl}${path}`, {
        method,
        headers: { origin: t.baseUrl, cookie: user.cookie, 'x-forwarded-for': nextIp() },
        body: form,
      });
      await response.arrayBuffer();
      if (response.status !== 415 && response.status !== 400) wrong.push(`${method} ${path} → ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('same-origin writes', () => {
  it('work from the site itself, as a browser sends them', async () => {
    const headers = { 'sec-fetch-site': 'same-origin', origin: t.baseUrl };
    const note = await send(t, 'POST', '/api/posts', {
      body: JSON.stringify({ title: 'same origin', content: 'works' }),
      contentType: 'application/json',
      cookie: user.cookie,
      headers,
    });
    expect(note.status).toBe(201);
    const signIn = await send(t, 'POST', '/api/auth/sign-in/email', {
      body: JSON.stringify({ email: user.email, password: user.password }),
      contentType: 'application/json',
      ip: nextIp(),
      headers,
    });
    expect(signIn.status).toBe(200);
  });

  it('work from a client that is not a browser (no Origin, no Sec-Fetch-Site)', async () => {
    const res = await fetch(`${t.baseUrl}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie, 'x-forwarded-for': nextIp() },
      body: JSON.stringify({ title: 'cli', content: 'works' }),
    });
    await res.arrayBuffer();
    expect(res.status).toBe(201);
  });
});
