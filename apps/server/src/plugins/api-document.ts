import type { OpenAPIV3_1 } from 'openapi-types';

/*
 * What the generated document needs besides the route declarations before other tools can use it
 * (Redocly's recommended rules and client generators, ADR 44): a server, an operationId and a
 * summary on every operation, path parameters with names, and OpenAPI 3.1 schemas throughout.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable name from the method and path, for client generators: `GET /api/users/{userId}/posts`
 * is `getUsersByUserIdPosts`. Paths are unique per method, and so are these names.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
      return parameter ? ['by', parameter] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method.toLowerCase() + words.map(capitalised).join('');
}

/** The first sentence of a description (Better Auth's operations have no summary), else method and path. */
export function summaryOf(description: string | undefined, method: string, path: string): string {
  const sentence = description
    ?.trim()
    .split(/\n|(?<=\.)\s/)[0]
    ?.replace(/\.$/, '');
  return sentence || `${method.toUpperCase()} ${path}`;
}

/**
 * A schema written for OpenAPI 3.0 (`nullable: true`) as OpenAPI 3.1 writes it (`null` among the
 * types): a 3.1 document has no `nullable`, so tools read the first as any value.
 */
export function withNullTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNullTypes);
  if (value === null || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const schema: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).map(([key, inner]) => [key, withNullTypes(inner)]),
  );
  // A property named `nullable` is a schema (an object), never a boolean.
  if (nullable !== undefined && typeof nullable !== 'boolean') return { ...schema, nullable: withNullTypes(nullable) };
  if (nullable !== true) return schema;
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.type)) return { ...schema, type: [...new Set([...schema.type, 'null'])] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** Fastify's wildcard (`/api/files/*`, written `{*}`) as a named parameter: `{path}`, which may hold slashes. */
function namedWildcard(path: string, item: OpenAPIV3_1.PathItemObject): [string, OpenAPIV3_1.PathItemObject] {
  if (!path.includes('{*}')) return [path, item];
  const named = Object.fromEntries(
    Object.entries(item).map(([method, operation]) => {
      if (!METHODS.includes(method as (typeof METHODS)[number])) return [method, operation];
      const { parameters, ...rest } = operation as OpenAPIV3_1.OperationObject;
      return [
        method,
        {
          ...rest,
          parameters: parameters?.map((parameter) =>
            'in' in parameter && parameter.in === 'path' && parameter.name === '*'
              ? {
                  ...parameter,
                  name: 'path',
                  description: parameter.description ?? 'The rest of the path, slashes and all',
                }
              : parameter,
          ),
        },
      ];
    }),
  );
  return [path.replace('{*}', '{path}'), named];
}

const SCHEMAS = '#/components/schemas/';

/**
 * The schemas an operation reaches, directly or through another schema: the zod registry adds an
 * input and an output copy of every named contract, and Better Auth a schema for each of its tables.
 */
export function reachableSchemas(document: OpenAPIV3_1.Document): Record<string, OpenAPIV3_1.SchemaObject> {
  const schemas = document.components?.schemas ?? {};
  const reached = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const inner of value) visit(inner);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key !== '$ref' || typeof inner !== 'string' || !inner.startsWith(SCHEMAS)) visit(inner);
      else if (!reached.has(inner.slice(SCHEMAS.length))) {
        reached.add(inner.slice(SCHEMAS.length));
        visit(schemas[inner.slice(SCHEMAS.length)]);
      }
    }
  };
  visit(document.paths);
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
}

/** Every operation with its operationId and summary, wildcards named, served from `publicUrl`. */
export function forTools(document: OpenAPIV3_1.Document, publicUrl: string): OpenAPIV3_1.Document {
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => {
      const [named, namedItem] = namedWildcard(path, item ?? {});
      const completed = Object.fromEntries(
        Object.entries(namedItem).map(([method, operation]) => {
          if (!METHODS.includes(method as (typeof METHODS)[number])) return [method, operation];
          const { operationId, summary, description } = operation as OpenAPIV3_1.OperationObject;
          return [
            method,
            {
              ...(operation as OpenAPIV3_1.OperationObject),
              // Better Auth writes `operationId: undefined` where its endpoint names none.
              operationId: operationId ?? operationIdOf(method, named),
              summary: summary ?? summaryOf(description, method, named),
            },
          ];
        }),
      );
      return [named, completed];
    }),
  );
  return {
    ...document,
    servers: [{ url: publicUrl, description: 'This instance' }],
    paths,
    components: { ...document.components, schemas: reachableSchemas(document) },
  };
}
