import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';
import { chosenAlbumRatingsMigration } from './009-chosen-album-ratings.ts';

const ALBUM = 'miles-davis-kind-of-blue';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A listener who rated the album's first song 3 stars and added the album to their collection. */
async function collector(): Promise<TestUser> {
  const user = await createUser(t);
  const album = await call(t, `/api/music/albums/${ALBUM}`);
  const rated = await call(t, `/api/albums/${ALBUM}/tracks/${album.body.tracks[0].id}/rating`, {
    method: 'PUT',
    body: { rating: 6 },
    cookie: user.cookie,
  });
  expect(rated.status).toBe(200);
  expect((await call(t, '/api/users/me/collection', { body: { albumId: ALBUM }, cookie: user.cookie })).status).toBe(
    201,
  );
  return user;
}

describe('migration 009 (chosen album ratings)', () => {
  it('keeps a collection rating edited away from the songs mean as a chosen rating, and only those', async () => {
    const edited = await collector();
    const untouched = await collector();
    const db = t.database.handle.db;
    // As before the migration: the collection's edit wrote the entry's own rating, nothing else.
    await db.updateTable('collection_entries').set({ rating_tenths: 45 }).where('user_id', '=', edited.id).execute();
    await db.schema.dropTable('chosen_album_ratings').execute();

    await chosenAlbumRatingsMigration({ dialect: t.database.handle.dialect }).up(db as unknown as Kysely<unknown>);

    const chosen = await db.selectFrom('chosen_album_ratings').select(['user_id', 'rating_tenths']).execute();
    expect(chosen).toEqual([{ user_id: edited.id, rating_tenths: 45 }]);
    const mine = (user: TestUser) => call(t, `/api/albums/${ALBUM}/my-ratings`, { cookie: user.cookie });
    expect((await mine(edited)).body).toMatchObject({ albumRating: 4.5, albumRatingChosen: true, songsRating: 3 });
    expect((await mine(untouched)).body).toMatchObject({ albumRating: 3, albumRatingChosen: false });
  });
});
