import { ErrorCodeSchema } from '@liner/shared';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { isContractRoute, moduleRoutes } from './api-schemas.ts';

/**
 * The public API contract: every /api route declares its schemas, appears in the
 * OpenAPI document, and the document is valid OpenAPI 3.1. Every integration test's responses are
 * checked against their declared schemas (createTestApp turns strictResponses on); the last test
 * shows that check failing on a route that breaks its contract.
 */
let t: TestApp;
let doc: OpenAPIV3_1.Document;

/** Writes whose whole input is the path and the session. */
// Writes whose whole input is the path, as a follow or a like is.
const BODILESS_WRITES = new Set([
  'POST /api/users/:userId/follow',
  'PUT /api/users/:userId/block',
  'PUT /api/users/:userId/mute',
  'PUT /api/users/me/score-reveals/:albumId',
  'POST /api/users/me/follow-requests/:userId/approve',
  'POST /api/users/me/follow-requests/:userId/decline',
  'POST /api/users/me/profile/migrate',
  'POST /api/posts/:postId/like',
  'POST /api/lists/:listId/like',
  'POST /api/imports/:importId/rows/:rowNumber/skip',
]);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
/** Fastify's /a/:id and /a/* as the document writes them: /a/{id} and /a/{path}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{path}');

beforeAll(async () => {
  t = await createTestApp({
    beforeListen(app) {
      moduleRoutes(app, 'Probe', (api) => {
        api.get(
          '/api/test-probe/broken-contract',
          { schema: { hide: true, response: { 200: z.object({ count: z.number() }) } } },
          // A number as a string: what a PostgreSQL bigint looks like when nobody converts it.
          async () => ({ count: '3' }) as unknown as { count: number },
        );
      });
    },
  });
  const res = await fetch(`${t.baseUrl}/api/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as OpenAPIV3_1.Document;
});
afterAll(async () => t.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it('documents every /api route with its parameters, input and answers', () => {
    const contract = t.routes.filter((route) => isContractRoute(route) && !route.url.startsWith('/api/test-probe/'));
    expect(contract.length).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const { method, url, options } of contract) {
      const name = `${method} ${url}`;
      const schema = options.schema as Record<string, unknown> | undefined;
      const responses = (schema?.response ?? {}) as Record<string, unknown>;
      if (!Object.keys(responses).some((status) => /^2\d\d$/.test(status)))
        problems.push(`${name}: no 2xx response schema`);
      if (/[:*]/.test(url) && !schema?.params) problems.push(`${name}: path parameters without a params schema`);
      const takesBody = ['POST', 'PUT', 'PATCH'].includes(method) && !BODILESS_WRITES.has(name);
      if (takesBody && !schema?.body && !options.config?.multipart) {
        problems.push(`${name}: a write without a body schema`);
      }
      const operation = doc.paths?.[openApiPath(url)]?.[method.toLowerCase() as (typeof HTTP_METHODS)[number]];
      if (!operation) {
        problems.push(`${name}: missing from the document`);
        continue;
      }
      if (!operation.summary) problems.push(`${name}: no summary`);
      if (!operation.responses?.['4XX'] || !operation.responses?.['5XX'])
        problems.push(`${name}: error answers not listed`);
      if (options.config?.access && !operation.security?.length)
        problems.push(`${name}: sign-in requirement not listed`);
    }
    expect(problems).toEqual([]);
  });

  it('lists no route that the app does not serve, except Better Auth’s own', () => {
    const served = new Set(t.routes.map((route) => `${route.method} ${openApiPath(route.url)}`));
    const unserved: string[] = [];
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      if (path.startsWith('/api/auth/')) continue;
      for (const method of HTTP_METHODS) {
        if (item?.[method] && !served.has(`${method.toUpperCase()} ${path}`)) unserved.push(`${method} ${path}`);
      }
    }
    expect(unserved).toEqual([]);
  });

  it('shows the error shape with every error code, the session cookie and the rate limits', () => {
    const text = JSON.stringify(doc);
    for (const code of ErrorCodeSchema.options) expect(text).toContain(`"${code}"`);
    expect(doc.components?.securitySchemes?.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const follow = doc.paths?.['/api/users/{userId}/follow']?.post;
    expect(follow?.description).toMatch(/Rate limit: \d+ writes per minute per signed-in user/);
    expect(follow?.security).toEqual([{ session: [] }]);
    const search = doc.paths?.['/api/music/search']?.get;
    expect(search?.description).toMatch(/Rate limit: \d+ searchs? per minute/);
    expect(search?.parameters?.map((p) => ('name' in p ? p.name : ''))).toEqual(
      expect.arrayContaining(['q', 'type', 'limit', 'offset']),
    );
  });

  it('names, summarises and secures every operation, as client generators and Redocly need', () => {
    const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      HTTP_METHODS.flatMap((method) =>
        item?.[method] ? [{ name: `${method} ${path}`, operation: item[method] }] : [],
      ),
    );
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    expect(
      operations.filter(({ operation }) => !operation.operationId || !operation.summary || !operation.security),
    ).toEqual([]);
    expect(doc.paths?.['/api/users/{userId}/posts']?.get?.operationId).toBe('getUsersByUserIdPosts');
    expect(doc.servers).toEqual([expect.objectContaining({ url: t.baseUrl })]);
    expect(JSON.stringify(doc)).not.toContain('"nullable"');
  });

  it('shows the two uploads as multipart forms with their file field', () => {
    const picture = doc.paths?.['/api/users/me/profile/picture']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(picture.content['multipart/form-data']?.schema).toMatchObject({
      required: ['picture'],
      properties: { picture: { type: 'string', format: 'binary', maxLength: 5 * 1024 * 1024 } },
    });
    const upload = doc.paths?.['/api/imports']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(upload.content['multipart/form-data']?.schema).toMatchObject({
      required: ['source', 'file'],
      properties: { source: { enum: ['rym', 'listenbrainz', 'lastfm'] }, file: { format: 'binary' } },
    });
  });

  it('includes Better Auth’s endpoints under /api/auth, tagged Auth', () => {
    const signIn = doc.paths?.['/api/auth/sign-in/email']?.post;
    expect(signIn?.tags).toEqual(['Auth']);
    expect(doc.paths?.['/api/auth/sign-up/email']?.post).toBeDefined();
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page from this origin under the site’s own CSP', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/https?:/);
    expect(await res.text()).toContain('swagger-initializer.js');
  });
});

describe('strict responses in tests', () => {
  it('turn a response that breaks its declared schema into a 500', async () => {
    const res = await fetch(`${t.baseUrl}/api/test-probe/broken-contract`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
  });
});
