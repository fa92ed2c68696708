import type { Db } from '../../db/database.ts';

export interface SessionRow {
  id: string;
  userAgent: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Dates as Better Auth stored them (a Date on PostgreSQL, text or a number on SQLite), as ISO text. */
const iso = (value: string | number | Date) => new Date(value).toISOString();

/** The account's sessions that have not expired, most recently active first. */
export async function listSessions(db: Db, userId: string, now: Date): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom('session')
    .select(['id', 'userAgent', 'createdAt', 'updatedAt', 'expiresAt'])
    .where('userId', '=', userId)
    .execute();
  return rows
    .filter((row) => new Date(row.expiresAt).getTime() > now.getTime())
    .map((row) => ({
      id: row.id,
      userAgent: row.userAgent,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    }))
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}

/** Ends one session of the account: its token, or null when the account has no session with that id. */
export async function deleteSession(db: Db, userId: string, sessionId: string): Promise<string | null> {
  const deleted = await db
    .deleteFrom('session')
    .where('id', '=', sessionId)
    .where('userId', '=', userId)
    .returning('token')
    .executeTakeFirst();
  return deleted?.token ?? null;
}
