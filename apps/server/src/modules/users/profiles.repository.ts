import type { Profile } from '@liner/shared';
import { type Selectable, sql } from 'kysely';
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

/** What other servers say of a person of theirs (ADR 53): their name here and their bio as text. */
export interface RemotePersonFields {
  displayName: string;
  nameKey: string;
  bio: string;
}

/**
 * A person of another server becomes a member who cannot sign in: a user row with no password or
 * other way in (its e-mail address is in the reserved `.invalid` domain, which no mail reaches),
 * and a profile named `handle@host`, a name no local member can take ('@' is not allowed in them).
 */
export async function insertRemotePerson(db: Db, userId: string, person: RemotePersonFields): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('user')
    .values({
      id: userId,
      name: person.displayName,
      email: `${userId}@remote.invalid`,
      emailVerified: sql<boolean>`false`,
      image: null,
      role: 'user',
      suspendedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db
    .insertInto('profiles')
    .values({
      user_id: userId,
      display_name: person.displayName,
      display_name_key: person.nameKey,
      bio: person.bio,
      picture_url: null,
      setup_complete: 1,
      created_at: now,
    })
    .execute();
}

export async function updateRemotePerson(db: Db, userId: string, person: RemotePersonFields): Promise<void> {
  await updateProfile(db, userId, {
    display_name: person.displayName,
    display_name_key: person.nameKey,
    bio: person.bio,
  });
  await updateAuthUser(db, userId, { name: person.displayName });
}
