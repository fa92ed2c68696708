import { ApiErrorSchema } from '@liner/shared';
import fastJson from 'fast-json-stringify';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type $ZodType, safeParse, toJSONSchema } from 'zod/v4/core';
import type { AppConfig } from '../config/env.ts';
import { describeRateLimit, rateLimitBucket } from './rate-limits.ts';
import { accessCheck } from './session.ts';

/**
 * Schema-first routes. Every /api route declares its params, querystring, body and
 * responses as the shared zod contracts:
 * - requests are validated by zod, so the contracts' own messages reach the caller, and a handler
 *   receives typed, parsed input (ZodTypeProvider);
 * - responses are serialised by fast-json-stringify from the contract's JSON Schema: faster than
 *   JSON.stringify, and a field the contract does not list never leaves the server;
 * - `config.access` puts the session check before the body is validated (401 before 400);
 * - the same declarations are the OpenAPI document (plugins/api-docs.ts).
 * ADR 20 says why these libraries.
 */
export type ApiApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface ApiSchemaOptions {
  rateLimits: AppConfig['rateLimits'];
  /** Also check every response against its contract before sending it (tests): a mismatch is a 500. */
  strictResponses?: boolean;
}

/** Routes outside the API contract: Better Auth documents its own, the reference serves itself. */
export const isContractRoute = (route: Pick<RouteOptions, 'url' | 'method'>): boolean =>
  route.url.startsWith('/api/') &&
  !route.url.startsWith('/api/auth/') &&
  !route.url.startsWith('/api/docs') &&
  route.url !== '/api/openapi.json' &&
  route.method !== 'HEAD';

export function registerApiSchemas(app: FastifyInstance, options: ApiSchemaOptions): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(options.strictResponses ? strictSerializerCompiler : serializerCompiler);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.every((method) => isContractRoute({ url: route.url, method }))) return;
    const access = route.config?.access;
    if (access) {
      const check = accessCheck(access, route.config?.signedOutMessage);
      // After the body is parsed (413, 415 and malformed JSON answer first, as for everyone) and
      // the rate limits (global preValidation hooks run before a route's), before validation.
      route.preValidation = [check, ...[route.preValidation ?? []].flat()];
    }
    route.schema = describeRoute(route.schema ?? {}, methods[0] ?? 'GET', route.url, access, options);
  });
}

/** What every contract route says besides its own shapes: the error shape, sign-in, the limit. */
function describeRoute(
  schema: FastifySchema & { security?: unknown; description?: string },
  method: string,
  url: string,
  access: string | undefined,
  options: ApiSchemaOptions,
): FastifySchema {
  const notes: string[] = [];
  if (schema.description) notes.push(schema.description);
  if (access === 'user') notes.push('Requires a signed-in session (cookie).');
  if (access === 'admin') notes.push('Requires a signed-in session of an admin (cookie).');
  const bucket = rateLimitBucket(method, url);
  if (bucket) notes.push(`Rate limit: ${describeRateLimit(bucket, options.rateLimits)}`);
  return {
    ...schema,
    ...(notes.length > 0 ? { description: notes.join('\n\n') } : {}),
    // A public route says so (no requirement) rather than saying nothing, which tools read as unknown.
    security: access ? [{ session: [] }] : [],
    response: { ...(schema.response as object), '4xx': ApiErrorSchema, '5xx': ApiErrorSchema },
  };
}

/** An absent body is an empty object, as the handlers read it before schemas: a missing field says which. */
const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = safeParse(schema, httpPart === 'body' && data === undefined ? {} : data);
    // The ZodError reaches the error handler, which words it (plugins/error-handler.ts).
    return result.success ? { value: result.data } : { error: result.error };
  };

/** A contract's output as JSON Schema (draft-07, which fast-json-stringify reads). */
export const jsonSchemaOf = (schema: $ZodType) =>
  toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJson>[0];

const serializerCompiler: FastifySerializerCompiler<$ZodType> = ({ schema }) => fastJson(jsonSchemaOf(schema));

const strictSerializerCompiler: FastifySerializerCompiler<$ZodType> = ({ schema, method, url, httpStatus }) => {
  const serialize = fastJson(jsonSchemaOf(schema));
  return (data) => {
    const checked = safeParse(schema, data);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new Error(
        `Response of ${method} ${url} (${httpStatus}) breaks its contract at ${issue?.path.join('.') || 'the root'}: ${issue?.message}`,
      );
    }
    return serialize(data);
  };
};

/** One module's routes, typed by their zod schemas and grouped under `tag` in the API reference. */
export function moduleRoutes(app: FastifyInstance, tag: string, define: (api: ApiApp) => void): void {
  app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, tags: [tag] };
    });
    define(scope.withTypeProvider<ZodTypeProvider>());
  });
}
