import type { UserSearchResult } from '@liner/shared';
import { sql } from 'kysely';
import { notBlockedBetween } from '../../db/audience.ts';
import type { Db } from '../../db/database.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const like = (column: 'display_name_key' | 'lower(bio)', pattern: string) =>
  sql<boolean>`${column === 'lower(bio)' ? sql`lower(bio)` : sql.ref(column)} like ${pattern} escape '\\'`;

type Row = { user_id: string; display_name: string; picture_url: string | null; bio: string };

const toResult = (row: Row, matchType: UserSearchResult['matchType']): UserSearchResult => ({
  id: row.user_id,
  displayName: row.display_name,
  profilePicture: row.picture_url,
  bio: row.bio,
  matchType,
});

/**
 * Display-name prefix matches first (in name order), then names or bios that contain the term,
 * scanning at most 3× the limit of candidates (spec §7, user search). `key` is the lowercased term.
 * Nobody either the viewer blocked or who blocked the viewer is found.
 */
export async function searchUsers(
  db: Db,
  viewerId: string | null,
  key: string,
  limit: number,
  scanFactor: number,
): Promise<UserSearchResult[]> {
  const term = escapeLike(key);
  const profiles = () =>
    db
      .selectFrom('profiles')
      .$if(viewerId !== null, (q) => q.where(notBlockedBetween(viewerId ?? '', 'profiles.user_id')));
  const prefix = await profiles()
    .select(['user_id', 'display_name', 'picture_url', 'bio'])
    .where(like('display_name_key', `${term}%`))
    .orderBy('display_name_key')
    .limit(limit)
    .execute();
  const results = prefix.map((row) => toResult(row, 'displayName'));
  if (results.length >= limit) return results;

  const seen = new Set(results.map((r) => r.id));
  const candidates = await profiles()
    .select(['user_id', 'display_name', 'display_name_key', 'picture_url', 'bio'])
    .where((eb) => eb.or([like('display_name_key', `%${term}%`), like('lower(bio)', `%${term}%`)]))
    .orderBy('display_name_key')
    .limit(limit * scanFactor)
    .execute();
  for (const row of candidates) {
    if (results.length >= limit) break;
    if (seen.has(row.user_id)) continue;
    const inName = row.display_name_key.includes(key);
    if (!inName && !row.bio.toLowerCase().includes(key)) continue;
    results.push(toResult(row, inName ? 'displayName' : 'bio'));
  }
  return results;
}
