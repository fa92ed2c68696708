import { createTestApp, type TestApp } from '../test/build-app.ts';
import { freePort } from '../test/free-port.ts';
import { SUITE_ENV } from '../test/suite-env.ts';
import { createUser, makeAdmin, type TestUser } from '../test/users.ts';

export const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Requests with a body sent exactly as given live with the other test HTTP helpers.
export { type RawResponse, send } from '../test/http.ts';

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

export interface ThreeUsers {
  t: TestApp;
  /** The owner of the resources under test. */
  a: TestUser;
  /** Another signed-in user. */
  b: TestUser;
  admin: TestUser;
  /** The first `albums` albums of the seed catalogue, with their opening track. */
  albums: { id: string; trackId: string }[];
}

/**
 * The app for a suite about who may do what: A, B and an admin, a few seed albums, and a Spotify
 * oEmbed address where nothing answers (the lookup fails at once and the custom title is used).
 */
export async function startWithThreeUsers(albumCount: number): Promise<ThreeUsers> {
  const oembed = `http://127.0.0.1:${await freePort()}/oembed`;
  const t = await createTestApp({ env: { ...SUITE_ENV, SPOTIFY_OEMBED_URL: oembed } });
  const [a, b, admin] = [await createUser(t), await createUser(t), await createUser(t)];
  await makeAdmin(t, admin);
  const tracks = await t.database.handle.db
    .selectFrom('tracks')
    .select(['id', 'album_id'])
    .where('position', '=', 1)
    .orderBy('album_id')
    .limit(albumCount)
    .execute();
  return { t, a, b, admin, albums: tracks.map((track) => ({ id: track.album_id, trackId: track.id })) };
}
