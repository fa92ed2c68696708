import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { preferredEncoding } from '../lib/cacheable.ts';
import { notFound } from '../lib/errors.ts';

/**
 * Serves the built SPA: hashed files under /assets are immutable for a year, everything else that
 * is not /api falls back to index.html (never cached, so a deploy is picked up at once).
 *
 * The build writes `.br` and `.gz` beside each compressible file (apps/web/scripts/precompress.ts);
 * they are sent as they are instead of being compressed per request. A reply that carries
 * Content-Encoding is left alone by @fastify/compress (app.ts), which still covers the API and the
 * files too small to have siblings.
 */
/**
 * Tags a page's address earns in its HTML head (a link preview's title, description and picture),
 * or null for the app's own head. Read for each request of a page that is not a file.
 */
export type PageHead = (pathname: string) => Promise<string | null>;

export async function registerSpa(app: FastifyInstance, webDistDir: string, pageHead?: PageHead): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // The siblings are reached through their file's URL, not routes of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        // The service worker and the manifest name the build in use: a browser asks again each time.
        const perBuild = ['sw.js', 'manifest.webmanifest'].includes(path.basename(filePath));
        res.setHeader(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : perBuild ? 'no-cache' : 'public, max-age=3600',
        );
        // Every variant says so, the plain one too, or a shared cache could hand br to a client without it.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const index = hasBuild ? indexVariants(readFileSync(indexFile)) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw notFound(`No API route ${request.method} ${pathname}`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw notFound('Not found');
    // A missing file under /assets is a stale client asking for an old bundle: answer 404, not HTML.
    if (pathname.startsWith('/assets/') || !index) throw notFound('Not found');
    // A page with a head of its own is written for this request; @fastify/compress compresses it.
    const head = pageHead ? await pageHead(pathname).catch(() => null) : null;
    if (head) {
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(withHead(index.identity.toString('utf8'), head));
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(encoding ? index[encoding] : index.identity);
  });
}

/** The app's page with `head` in place of its generic title and description. */
function withHead(html: string, head: string): string {
  return html
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `  ${head}\n  </head>`);
}

type Encoding = 'br' | 'gzip';

/** index.html is read once at start-up; it is compressed then too, at the build's effort. */
function indexVariants(html: Buffer): Record<Encoding | 'identity', Buffer> {
  return {
    identity: html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
  };
}
