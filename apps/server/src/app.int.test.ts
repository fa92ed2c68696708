import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from './db/migrate.ts';
import { AppError } from './lib/errors.ts';
import { createTestApp, type TestApp } from './test/build-app.ts';
import { json } from './test/http.ts';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  webDir = mkdtempSync(path.join(tmpdir(), 'liner-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDir, 'assets', 'app-3f9a1c.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  t = await createTestApp({
    env: { WEB_DIST_DIR: webDir },
    beforeListen(app) {
      // Probe routes: a JSON write, an upload route, and one whose database is down.
      app.post('/api/test/echo', async (request) => ({ received: request.body }));
      app.post('/api/test/upload', { config: { multipart: true } }, async () => ({ ok: true }));
      app.get('/api/test/db-down', async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      });
      app.get('/api/test/bug', async () => {
        throw new Error('secret internal detail');
      });
      app.get('/api/test/conflict', async () => {
        throw new AppError('CONFLICT', 'Already following this user');
      });
    },
  });
});

afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers 200 with the database status', async () => {
    const res = await fetch(`${t.baseUrl}/api/health`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.status).toBe('ok');
    expect(body.database.status).toBe('up');
    expect(body.database.dialect).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  });
});

describe('errors', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await fetch(`${t.baseUrl}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await json(res)).toEqual({ error: { code: 'NOT_FOUND', message: 'No API route GET /api/no-such-thing' } });
  });

  it('keeps the message of an application error and its status', async () => {
    const res = await fetch(`${t.baseUrl}/api/test/conflict`);
    expect(res.status).toBe(409);
    expect(await json(res)).toEqual({ error: { code: 'CONFLICT', message: 'Already following this user' } });
  });

  it('hides the details of an unexpected error', async () => {
    const res = await fetch(`${t.baseUrl}/api/test/bug`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret internal detail');
    expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
  });

  it('answers 503 when the database is unreachable', async () => {
    const res = await fetch(`${t.baseUrl}/api/test/db-down`);
    expect(res.status).toBe(503);
    expect((await json(res)).error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const res = await fetch(`${t.baseUrl}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken":',
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('BAD_REQUEST');
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await fetch(`${t.baseUrl}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ big: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('mutating requests', () => {
  const post = (headers: Record<string, string>, body = '{"a":1}') =>
    fetch(`${t.baseUrl}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('accepts a same-origin JSON request', async () => {
    const res = await post({ 'sec-fetch-site': 'same-origin', origin: t.baseUrl });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ received: { a: 1 } });
  });

  it('refuses a cross-site request by Sec-Fetch-Site', async () => {
    const res = await post({ 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(await json(res)).toEqual({ error: { code: 'FORBIDDEN', message: 'Cross-site requests are not allowed' } });
  });

  it('refuses a same-site but not same-origin request', async () => {
    expect((await post({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
  });

  it('refuses an Origin outside the allow-list', async () => {
    const res = await post({ origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('refuses an Origin that merely starts like an allowed one', async () => {
    expect((await post({ origin: `${t.baseUrl}.evil.example` })).status).toBe(403);
  });

  it('refuses text/plain and form bodies with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await fetch(`${t.baseUrl}/api/test/echo`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: 'a=1',
      });
      expect(res.status, type).toBe(415);
      expect(await json(res)).toEqual({
        error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Request body must be application/json' },
      });
    }
  });

  it('refuses multipart on a route that does not take uploads', async () => {
    const form = new FormData();
    form.append('a', '1');
    const res = await fetch(`${t.baseUrl}/api/test/echo`, { method: 'POST', body: form });
    expect(res.status).toBe(415);
  });

  it('lets a cross-site GET through (reads are not guarded)', async () => {
    const res = await fetch(`${t.baseUrl}/api/health`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
  });
});

describe('the single-page app', () => {
  it('serves index.html for any non-API path, never cached', async () => {
    const res = await fetch(`${t.baseUrl}/profile/anyone`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('serves hashed assets immutable and compressed', async () => {
    const res = await fetch(`${t.baseUrl}/assets/app-3f9a1c.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // fetch decodes gzip transparently; ask node:http-level proof through the raw header.
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('xxxx');
  });

  it('answers a missing asset with 404, not the app shell', async () => {
    const res = await fetch(`${t.baseUrl}/assets/old-bundle-123.js`);
    expect(res.status).toBe(404);
  });

  it('sends security headers with a content security policy', async () => {
    const res = await fetch(`${t.baseUrl}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('migrations', () => {
  it('are idempotent: a second run applies nothing', async () => {
    expect(await migrateToLatest(t.database.handle, t.app.config)).toEqual([]);
  });
});
