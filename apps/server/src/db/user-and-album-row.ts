import { sql } from 'kysely';

/**
 * A one-row table `me` holding a person and an album, for a statement whose subqueries each read
 * one of their rows (`whereRef(…, '=', 'me.user_id')`): each id is then one bound parameter,
 * however many subqueries use it, as compiledOnce requires.
 */
export function userAndAlbumRow(userId: string, albumId: string) {
  return sql<{
    user_id: string;
    album_id: string;
  }>`(select cast(${userId} as text) as user_id, cast(${albumId} as text) as album_id)`.as('me');
}
