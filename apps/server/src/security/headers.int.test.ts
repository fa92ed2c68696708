import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_CSP, PERMISSIONS_POLICY } from '../plugins/security-headers.ts';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { SUITE_ENV } from '../test/suite-env.ts';
import { call, createUser } from '../test/users.ts';
import { seededAlbum } from './suite-helpers.ts';

// Security headers on every kind of response.
let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'liner-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  t = await createTestApp({ env: { ...SUITE_ENV, WEB_DIST_DIR: webDir } });
  await t.app.files.put(
    'test/hostile.svg',
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
  );
  await t.app.files.put('test/picture.webp', Buffer.from('RIFF....WEBPVP8 '));
  await t.app.files.put('test/unknown.html', Buffer.from('<script>1</script>'));
});

afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** fetch that reads the body: an unread body keeps its connection busy, and close() waits for it. */
async function get(path: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(`${t.baseUrl}${path}`, init);
  await res.arrayBuffer();
  return res;
}

function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

/** Headers every response carries, whatever produced it. */
function expectBaseline(res: Response, what: string) {
  const h = res.headers;
  expect(h.get('permissions-policy'), what).toBe(PERMISSIONS_POLICY);
  expect(h.get('x-content-type-options'), what).toBe('nosniff');
  expect(h.get('referrer-policy'), what).toBe('no-referrer');
  expect(h.get('x-frame-options'), what).toBe('DENY');
  expect(h.get('cross-origin-opener-policy'), what).toBe('same-origin');
  expect(h.get('cross-origin-resource-policy'), what).toBe('same-origin');
  expect(h.get('x-powered-by'), what).toBeNull();
  const csp = directives(h.get('content-security-policy'));
  expect(csp.get('frame-ancestors'), what).toBe("'none'");
  expect(csp.get('object-src'), what).toBe("'none'");
}

describe('security headers', () => {
  it('Permissions-Policy switches off camera, microphone, geolocation, payment and usb', () => {
    for (const feature of [
      'camera',
      'microphone',
      'geolocation',
      'payment',
      'usb',
      'interest-cohort',
      'browsing-topics',
    ]) {
      expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
    }
  });

  it('are on API answers: success, client error, not found, refused cross-site write', async () => {
    const user = await createUser(t);
    const answers = [
      await get('/api/health'),
      await get('/api/config'),
      (await call(t, '/api/users/me/profile', { cookie: user.cookie })).response,
      (await call(t, '/api/users/me/profile')).response,
      await get('/api/no-such-route'),
      await get('/api/posts', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
        body: '{}',
      }),
      (await call(t, '/api/auth/get-session', { cookie: user.cookie })).response,
    ];
    for (const res of answers) {
      expectBaseline(res, res.url);
      expect(res.headers.get('content-type'), res.url).toMatch(/^application\/json/);
    }
  });

  it('are on the SPA page, with a CSP that allows no inline or foreign script', async () => {
    for (const pagePath of ['/', '/profile/someone', '/reset-password?token=x']) {
      const res = await get(pagePath);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expectBaseline(res, pagePath);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('script-src-attr')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'self'");
      expect(csp.get('form-action')).toBe("'self'");
      expect(csp.get('connect-src')).toBe("'self'");
    }
    expectBaseline(await get('/assets/app-1a2b3c.js'), 'asset');
  });

  it('serve stored files sandboxed, never sniffed, with a picture type or a download type', async () => {
    const expected: Record<string, string> = {
      'test/hostile.svg': 'image/svg+xml',
      'test/picture.webp': 'image/webp',
      'test/unknown.html': 'application/octet-stream',
    };
    for (const [key, type] of Object.entries(expected)) {
      const res = await get(`/api/files/${key}`);
      expect(res.status, key).toBe(200);
      expect(res.headers.get('content-type'), key).toBe(type);
      expect(res.headers.get('x-content-type-options'), key).toBe('nosniff');
      expect(res.headers.get('content-security-policy'), key).toBe(FILE_CSP);
      expect(res.headers.get('permissions-policy'), key).toBe(PERMISSIONS_POLICY);
      expect(res.headers.get('cross-origin-resource-policy'), key).toBe('same-origin');
    }
  });

  it('serve generated covers sandboxed too', async () => {
    const { albumId } = await seededAlbum(t);
    const res = await get(`/api/music/covers/${albumId}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('content-security-policy')).toBe(FILE_CSP);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
