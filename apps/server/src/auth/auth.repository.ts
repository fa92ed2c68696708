import type { Db } from '../db/database.ts';

/** The id of the account with this e-mail address, or null (the sign-in throttle keys on it). */
export async function findUserIdByEmail(db: Db, email: string): Promise<string | null> {
  const user = await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
  return user?.id ?? null;
}
