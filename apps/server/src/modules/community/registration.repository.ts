import type { Db } from '../../db/database.ts';

const REGISTRATION_KEY = 'registration';

export interface SettingRow {
  value: string;
  updated_at: string;
}

export async function readRegistrationSetting(db: Db): Promise<SettingRow | undefined> {
  return db
    .selectFrom('instance_settings')
    .select(['value', 'updated_at'])
    .where('key', '=', REGISTRATION_KEY)
    .executeTakeFirst();
}

export async function writeRegistrationSetting(db: Db, value: string, by: string, at: string): Promise<void> {
  await db
    .insertInto('instance_settings')
    .values({ key: REGISTRATION_KEY, value, updated_at: at, updated_by: by })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at, updated_by: by }))
    .execute();
}

export interface InviteRow {
  code: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: string | null;
  created_by: string | null;
  creator_name: string | null;
  user_name: string | null;
}

/** Unused invitations that have not expired, newest first, then the 50 latest used or expired. */
export async function listInvites(db: Db, now: string): Promise<InviteRow[]> {
  const base = db
    .selectFrom('invites')
    .leftJoin('profiles as creator', 'creator.user_id', 'invites.created_by')
    .leftJoin('profiles as member', 'member.user_id', 'invites.used_by')
    .select([
      'invites.code',
      'invites.created_at',
      'invites.expires_at',
      'invites.used_at',
      'invites.used_by',
      'invites.created_by',
      'creator.display_name as creator_name',
      'member.display_name as user_name',
    ]);
  const open = await base
    .where('invites.used_by', 'is', null)
    .where('invites.expires_at', '>', now)
    .orderBy('invites.created_at', 'desc')
    .execute();
  const closed = await base
    .where((eb) => eb.or([eb('invites.used_by', 'is not', null), eb('invites.expires_at', '<=', now)]))
    .orderBy('invites.created_at', 'desc')
    .limit(50)
    .execute();
  return [...open, ...closed];
}

export async function countOpenInvites(db: Db, now: string): Promise<number> {
  const row = await db
    .selectFrom('invites')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('used_by', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertInvite(
  db: Db,
  invite: { code: string; createdBy: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('invites')
    .values({
      code: invite.code,
      created_by: invite.createdBy,
      created_at: invite.createdAt,
      expires_at: invite.expiresAt,
      used_at: null,
      used_by: null,
    })
    .execute();
}

export async function findInvite(db: Db, code: string): Promise<{ used_by: string | null } | undefined> {
  return db.selectFrom('invites').select('used_by').where('code', '=', code).executeTakeFirst();
}

/** Withdraws an invitation nobody has joined with; true when it was deleted. */
export async function deleteUnusedInvite(db: Db, code: string): Promise<boolean> {
  const result = await db
    .deleteFrom('invites')
    .where('code', '=', code)
    .where('used_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Holds an invitation for one sign-up, in one statement so two sign-ups cannot both hold it. A
 * hold older than `staleBefore` that never got its account (the sign-up died) is free again.
 */
export async function claimInvite(db: Db, code: string, now: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('invites')
    .set({ used_at: now })
    .where('code', '=', code)
    .where('used_by', 'is', null)
    .where('expires_at', '>', now)
    .where((eb) => eb.or([eb('used_at', 'is', null), eb('used_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A sign-up that held the invitation failed (a taken address, say): the code works again. */
export async function releaseInvite(db: Db, code: string, heldAt: string): Promise<void> {
  await db
    .updateTable('invites')
    .set({ used_at: null })
    .where('code', '=', code)
    .where('used_by', 'is', null)
    .where('used_at', '=', heldAt)
    .execute();
}

export async function assignInvite(db: Db, code: string, userId: string): Promise<void> {
  await db.updateTable('invites').set({ used_by: userId }).where('code', '=', code).execute();
}
