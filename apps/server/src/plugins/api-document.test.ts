import { describe, expect, it } from 'vitest';
import { operationIdOf, reachableSchemas, summaryOf, withNullTypes } from './api-document.ts';

describe('operationIdOf', () => {
  it('names an operation by its method and path, parameters as "by"', () => {
    expect(operationIdOf('get', '/api/users/{userId}/posts')).toBe('getUsersByUserIdPosts');
    expect(operationIdOf('POST', '/api/users/me/follow-requests/{userId}/approve')).toBe(
      'postUsersMeFollowRequestsByUserIdApprove',
    );
    expect(operationIdOf('get', '/api/files/{path}')).toBe('getFilesByPath');
  });
});

describe('summaryOf', () => {
  it('takes the first sentence of a description, else the method and path', () => {
    expect(summaryOf('Sign in with email and password. Sets the cookie.', 'post', '/x')).toBe(
      'Sign in with email and password',
    );
    expect(summaryOf(undefined, 'get', '/api/auth/callback/{id}')).toBe('GET /api/auth/callback/{id}');
  });
});

describe('withNullTypes', () => {
  it('writes OpenAPI 3.0 nullable as a null type, at any depth', () => {
    expect(
      withNullTypes({
        type: 'object',
        properties: {
          image: { type: 'string', nullable: true },
          either: { type: ['string', 'number'], nullable: true },
          ref: { $ref: '#/components/schemas/User', nullable: true },
          plain: { type: 'string', nullable: false },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        image: { type: ['string', 'null'] },
        either: { type: ['string', 'number', 'null'] },
        ref: { anyOf: [{ $ref: '#/components/schemas/User' }, { type: 'null' }] },
        plain: { type: 'string' },
      },
    });
  });

  it('keeps a property that happens to be named nullable', () => {
    const schema = { type: 'object', properties: { nullable: { type: 'boolean' } } };
    expect(withNullTypes(schema)).toEqual(schema);
  });
});

describe('reachableSchemas', () => {
  it('keeps the schemas an operation reaches, through other schemas too, and drops the rest', () => {
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const schemas = reachableSchemas({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a': {
          get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: ref('Page') } } } } },
        },
      },
      components: {
        schemas: {
          Page: { type: 'array', items: ref('Item') },
          Item: { type: 'object' },
          PageInput: { type: 'array', items: ref('Item') },
        },
      },
    });
    expect(Object.keys(schemas).sort()).toEqual(['Item', 'Page']);
  });
});
