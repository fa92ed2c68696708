import { createTestApp, type TestApp } from '../test/build-app.ts';
import { freePort } from '../test/free-port.ts';
import { createUser, signIn, type TestUser } from '../test/users.ts';

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

// Requests with a body sent exactly as given live with the other test HTTP helpers.
export { type RawResponse, send } from '../test/http.ts';

/** Gives an account the admin role directly in the database (ADMIN_EMAILS may need verification). */
export async function makeAdmin(t: TestApp, user: TestUser): Promise<void> {
  await t.database.handle.db.updateTable('user').set({ role: 'admin' }).where('id', '=', user.id).execute();
  // With Redis, the session's copy there still says 'user' (as after `cli role set`, the role counts
  // from the next sign-in): sign in again, as the admin would.
  if (t.config.redis) {
    const fresh = await signIn(t, user.email, user.password, user.ip);
    if (fresh.status !== 200) throw new Error(`admin sign-in failed: ${fresh.status}`);
    user.cookie = fresh.cookie;
  }
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
