import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../web/scripts/precompress.ts';
import { createTestApp, type TestApp } from '../test/build-app.ts';

/** The build's `.br`/`.gz` files are what the browser gets, and index.html is compressed too. */
let t: TestApp;
let webDir: string;
const indexHtml = `<!doctype html><title>liner</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const appJs = `console.log(${JSON.stringify('liner '.repeat(2000))});`;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'liner-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), indexHtml);
  writeFileSync(path.join(webDir, 'assets', 'app-3f9a1c.js'), appJs);
  writeFileSync(path.join(webDir, 'assets', 'tiny-0a1b2c.js'), 'console.log(1);');
  await precompressDir(webDir);
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
});

afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes on the wire, still encoded: fetch would decode them and hide which coding was sent. */
  body: Buffer;
}

function rawRequest(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(`${t.baseUrl}${pathname}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync };
const extension = { br: '.br', gzip: '.gz' };

describe('precompressing the build', () => {
  it('writes .br and .gz beside a compressible file, and nothing beside one under 1 KB', () => {
    expect(existsSync(path.join(webDir, 'assets/app-3f9a1c.js.br'))).toBe(true);
    expect(existsSync(path.join(webDir, 'assets/app-3f9a1c.js.gz'))).toBe(true);
    expect(existsSync(path.join(webDir, 'assets/tiny-0a1b2c.js.br'))).toBe(false);
    expect(existsSync(path.join(webDir, 'assets/tiny-0a1b2c.js.gz'))).toBe(false);
  });
});

describe('a hashed asset', () => {
  it.each(['br', 'gzip'] as const)('is sent %s-encoded from its precompressed file', async (encoding) => {
    const res = await rawRequest('/assets/app-3f9a1c.js', { 'accept-encoding': encoding });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The very bytes of the build's file, with their length: not compressed again on the way out.
    expect(res.body).toEqual(readFileSync(path.join(webDir, `assets/app-3f9a1c.js${extension[encoding]}`)));
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(decode[encoding](res.body).toString()).toBe(appJs);
  });

  it('prefers br when the browser takes both', async () => {
    const res = await rawRequest('/assets/app-3f9a1c.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(appJs);
  });

  it('is sent plain without accept-encoding', async () => {
    const res = await rawRequest('/assets/app-3f9a1c.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.toString()).toBe(appJs);
  });

  it('answers HEAD with the headers of the encoded file and no body', async () => {
    const res = await rawRequest('/assets/app-3f9a1c.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });

  it('has no URL of its own for the compressed siblings', async () => {
    expect((await rawRequest('/assets/app-3f9a1c.js.br')).status).toBe(404);
  });

  it('is still 404 when missing under /assets, whatever the encoding', async () => {
    expect((await rawRequest('/assets/old-bundle-123.js')).status).toBe(404);
    expect((await rawRequest('/assets/old-bundle-123.js', { 'accept-encoding': 'br' })).status).toBe(404);
  });
});

describe('index.html for an SPA route', () => {
  it.each(['br', 'gzip'] as const)('is sent %s-encoded and never cached', async (encoding) => {
    const res = await rawRequest('/some/spa/route', { 'accept-encoding': encoding });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    // Compressed once at start-up, so the length is known (an on-the-fly stream would be chunked).
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(decode[encoding](res.body).toString()).toBe(indexHtml);
  });

  it('is sent plain without accept-encoding', async () => {
    const res = await rawRequest('/some/spa/route');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toBe(indexHtml);
  });

  it('honours q=0 and falls back to gzip', async () => {
    const res = await rawRequest('/some/spa/route', { 'accept-encoding': 'br;q=0, gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(indexHtml);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await rawRequest('/some/spa/route', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.length).toBe(0);
  });
});
