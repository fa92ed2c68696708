import type { Profile } from '@liner/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Audience, ProfileTable } from '../../db/schema.ts';

export type ProfileRow = Selectable<ProfileTable>;

export function toProfile(row: ProfileRow): Profile {
  return {
    userId: row.user_id,
    displayName: row.display_name,
    bio: row.bio,
    pictureUrl: row.picture_url,
    setupComplete: row.setup_complete === null ? null : row.setup_complete === 1,
    followerCount: row.follower_count,
    followingCount: row.following_count,
    createdAt: row.created_at,
    locked: Number(row.locked) === 1,
  };
}

export async function findProfileByUserId(db: Db, userId: string): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function findProfileByNameKey(db: Db, key: string): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('display_name_key', '=', key).executeTakeFirst();
}

export async function nameKeyExists(db: Db, key: string, exceptUserId?: string): Promise<boolean> {
  let query = db.selectFrom('profiles').select('user_id').where('display_name_key', '=', key);
  if (exceptUserId) query = query.where('user_id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertProfile(
  db: Db,
  profile: { userId: string; displayName: string; nameKey: string; pictureUrl: string | null },
): Promise<void> {
  await db
    .insertInto('profiles')
    .values({
      user_id: profile.userId,
      display_name: profile.displayName,
      display_name_key: profile.nameKey,
      bio: '',
      picture_url: profile.pictureUrl,
      setup_complete: 0,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: Partial<Pick<ProfileTable, 'display_name' | 'display_name_key' | 'bio' | 'picture_url' | 'setup_complete'>>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('profiles').set(changes).where('user_id', '=', userId).execute();
}

/** A locked profile and the audience new posts start with (the social module's privacy settings). */
export async function updatePrivacy(
  db: Db,
  userId: string,
  changes: { locked: 0 | 1; default_audience: Audience },
): Promise<void> {
  await db.updateTable('profiles').set(changes).where('user_id', '=', userId).execute();
}

/** Keeps Better Auth's user row (name, image) in step with the profile the app shows. */
export async function updateAuthUser(db: Db, userId: string, changes: { name?: string; image?: string | null }) {
  if (Object.keys(changes).length === 0) return;
  await db
    .updateTable('user')
    .set({ ...changes, updatedAt: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}
