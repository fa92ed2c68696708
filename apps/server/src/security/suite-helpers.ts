import type { TestApp } from '../test/build-app.ts';
import type { Json } from '../test/http.ts';
import type { TestUser } from '../test/users.ts';

/**
 * The security suite sends many requests from few users: app-level rate limits are raised so a
 * 429 never hides the answer under test (Better Auth's own limits stay, each user has its own IP).
 */
export const SUITE_ENV = {
  RATE_LIMIT_WRITES: '1000000',
  RATE_LIMIT_SEARCHES: '1000000',
  RATE_LIMIT_UPLOADS: '1000000',
};

export const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RawResponse {
  status: number;
  text: string;
  body: Json;
  response: Response;
}

/** A request with a body sent exactly as given (the test helpers' `call` always sends valid JSON). */
export async function send(
  t: TestApp,
  method: string,
  path: string,
  options: {
    body?: string | Uint8Array;
    contentType?: string;
    cookie?: string;
    ip?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = {
    origin: t.baseUrl,
    'x-forwarded-for': options.ip ?? '10.255.255.253',
    ...options.headers,
  };
  if (options.contentType) headers['content-type'] = options.contentType;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${t.baseUrl}${path}`, {
    method,
    headers,
    body: options.body as NonNullable<Parameters<typeof fetch>[1]>['body'],
    redirect: 'manual',
  });
  const text = await response.text();
  let body: Json = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {}
  return { status: response.status, text, body, response };
}

/** Gives an account the admin role directly in the database (ADMIN_EMAILS may need verification). */
export async function makeAdmin(t: TestApp, user: TestUser): Promise<void> {
  await t.database.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', user.id).execute();
}

/** A seeded album and one of its tracks. */
export async function seededAlbum(t: TestApp): Promise<{ albumId: string; trackId: string }> {
  const track = await t.database.handle.db
    .selectFrom('tracks')
    .select(['id', 'album_id'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return { albumId: track.album_id, trackId: track.id };
}

/** Fills a route pattern's :params (and a trailing *) from `values`, falling back to `fallback`. */
export function fillPath(url: string, values: Record<string, string>, fallback = 'x'): string {
  return url
    .replace(/:([A-Za-z]+)/g, (_, name: string) => values[name] ?? fallback)
    .replace(/\*$/, values['*'] ?? fallback);
}

/** Routes the suite checks one by one, /api/auth/* aside (it is Better Auth's, tested by endpoint). */
export function ownApiRoutes(t: TestApp): { method: string; url: string }[] {
  return t.routes.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/auth/*');
}
