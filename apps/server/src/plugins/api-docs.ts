import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { freshSessionMiddleware, sensitiveSessionMiddleware, sessionMiddleware } from 'better-auth/api';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { $ZodType } from 'zod/v4/core';
import type { Auth } from '../auth/auth.ts';
import { forTools, withNullTypes } from './api-document.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart/form-data body as a shared contract, for the document only: an upload route reads
     * its parts itself (a file is streamed against its limit, not parsed into a body).
     */
    multipartForm?: $ZodType;
  }
}

/** The route schemas as OpenAPI, an upload's form as its request body. */
const transform: typeof jsonSchemaTransform = (input) => {
  const form = input.schema?.multipartForm;
  if (!form) return jsonSchemaTransform(input);
  // The transform leaves out keys whose value is undefined.
  const schema = { ...input.schema, multipartForm: undefined, body: form, consumes: ['multipart/form-data'] };
  return jsonSchemaTransform({ ...input, schema });
};

const DESCRIPTION = `The JSON API behind liner. Every route answers errors as \`{ "error": { "code", "message" } }\`;
\`code\` is one of the codes listed in the \`ApiError\` schema and \`message\` is written to be shown to people.

**Sign-in** is a cookie session made by the Better Auth endpoints under \`/api/auth/\` (listed here
under *Auth*). Writes from a browser must come from this site's origin.

**Rate limits**: writes, uploads and searches are limited per signed-in user and per client address;
a refused request gets 429 with \`Retry-After\`. Each route's description says which limit it counts against.`;

/** liner's mark (the web app's favicon) and name, for the reference page's top bar and tab. */
const MARK =
  '<rect width="32" height="32" rx="7" fill="#0f1115"/><path d="M9 7v18h14" stroke="#4f8cff" stroke-width="4" fill="none" stroke-linecap="round"/>';
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 150 32" width="150" height="32">${MARK}<text x="42" y="24" font-family="system-ui, sans-serif" font-size="22" font-weight="700" fill="#ffffff">liner API</text></svg>`;
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${MARK}</svg>`;

/**
 * The OpenAPI 3.1 document at /api/openapi.json, generated from the route schemas by
 * @fastify/swagger, and a reference page at /api/docs (Swagger UI, every file served from our own
 * origin under the site's CSP). Must be registered before the routes it documents.
 */
export async function registerApiDocs(app: FastifyInstance, auth: Auth, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'liner API', version: '1', description: DESCRIPTION },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'liner.session_token',
            description: 'The session cookie set by /api/auth/sign-in/email (`__Secure-` prefixed over https).',
          },
        },
      },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  // Better Auth makes its document asynchronously, through its API, which switches on Node's
  // AsyncLocalStorage and slows every request after it on Node 20. So the merged
  // document is made on the first request for it, not at start-up.
  let document: OpenAPIV3_1.Document | undefined;
  let making: Promise<OpenAPIV3_1.Document> | undefined;
  const ensureDocument = async () => {
    making ??= withAuthEndpoints(app.swagger() as OpenAPIV3_1.Document, auth).then((made) => {
      document = forTools(made, publicUrl);
      return document;
    });
    await making;
  };
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.onRequest = [ensureDocument, ...[route.onRequest ?? []].flat()];
  });
  const theDocument = () => {
    if (!document) throw new Error('The API document is made before its routes answer');
    return document;
  };
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // Its page loads only its own files from this origin: the site's CSP (helmet, app.ts) fits it
    // as it is, stricter than the plugin's own (no https: styles or fonts, no framing).
    staticCSP: false,
    logo: { type: 'image/svg+xml', content: Buffer.from(LOGO), href: '/', target: '_self' },
    theme: {
      title: 'liner API',
      favicon: [
        { filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: Buffer.from(FAVICON) },
      ],
    },
    transformSpecification: theDocument,
    transformSpecificationClone: false,
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0, validatorUrl: null },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    await ensureDocument();
    return reply.header('cache-control', 'no-cache').send(theDocument());
  });
}

/** Better Auth's own endpoints (its openAPI plugin), under /api/auth, tag Auth, schemas prefixed Auth. */
async function withAuthEndpoints(ours: OpenAPIV3_1.Document, auth: Auth): Promise<OpenAPIV3_1.Document> {
  const generated = JSON.stringify(await auth.api.generateOpenAPISchema());
  const theirs = withNullTypes(
    JSON.parse(generated.replace(/"#\/components\/schemas\/([A-Za-z]+)"/g, '"#/components/schemas/Auth$1"')),
  ) as OpenAPIV3_1.Document;
  const paths: OpenAPIV3_1.PathsObject = { ...ours.paths };
  const signedIn = sessionPaths(auth);
  for (const [path, item] of Object.entries(theirs.paths ?? {})) {
    // Their own security (a bearer token on every endpoint) is not how liner signs in.
    const security = signedIn.has(path) ? [{ session: [] }] : [];
    paths[`/api/auth${path}`] = Object.fromEntries(
      Object.entries(item ?? {}).map(([method, operation]) => [
        method,
        { ...(operation as OpenAPIV3_1.OperationObject), tags: ['Auth'], security },
      ]),
    );
  }
  const authSchemas = Object.fromEntries(
    Object.entries(theirs.components?.schemas ?? {}).map(([name, schema]) => [`Auth${name}`, schema]),
  );
  return {
    ...ours,
    paths,
    components: { ...ours.components, schemas: { ...ours.components?.schemas, ...authSchemas } },
  };
}

const SESSION_MIDDLEWARE = new Set<unknown>([sessionMiddleware, sensitiveSessionMiddleware, freshSessionMiddleware]);

/** Better Auth's endpoints that refuse a caller without a session (their middleware says so), as documented paths. */
function sessionPaths(auth: Auth): Set<string> {
  return new Set(
    Object.values(auth.api).flatMap((endpoint) => {
      const { path, options } = endpoint as { path?: string; options?: { use?: unknown[] } };
      if (!path || !options?.use?.some((middleware) => SESSION_MIDDLEWARE.has(middleware))) return [];
      return [path.replace(/:([A-Za-z]+)/g, '{$1}')];
    }),
  );
}
