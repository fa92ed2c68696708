import type { Db } from '../db/database.ts';

/** The id of the account with this e-mail address, or null (the sign-in throttle keys on it). */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
  return user?.id ?? null;
}

/** ADMIN_EMAILS: makes the account admin if it still has this address; true when it changed. */
export async function grantAdmin(db: Db, userId: string, email: string): Promise<boolean> {
  const granted = await db
    .updateTable('user')
    .set({ role: 'admin' })
    .where('id', '=', userId)
    .where('email', '=', email)
    .where('role', '!=', 'admin')
    .executeTakeFirst();
  return Number(granted.numUpdatedRows) > 0;
}

export async function setUserName(db: Db, userId: string, name: string): Promise<void> {
  await db.updateTable('user').set({ name }).where('id', '=', userId).execute();
}

/** `cli user set-role`: the number of accounts changed (0 when the address is unknown). */
export async function setRoleByEmail(db: Db, email: string, role: string): Promise<number> {
  const result = await db
    .updateTable('user')
    .set({ role, updatedAt: new Date().toISOString() })
    .where('email', '=', email)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
