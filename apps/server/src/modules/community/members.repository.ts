import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PageCursor } from '../../lib/cursor.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Dates as Better Auth stored them (a Date on PostgreSQL, text or a number on SQLite), as ISO text. */
const iso = (value: string | number | Date) => new Date(value).toISOString();

/** Members of this site, not people of other servers kept as members (ADR 53). */
const notRemote = (userId: 'user.id' | 'profiles.user_id') =>
  sql<boolean>`not exists (select 1 from remote_actors where remote_actors.user_id = ${sql.ref(userId)})`;

export interface MemberRow {
  id: string;
  displayName: string;
  email: string;
  emailVerified: boolean;
  role: 'user' | 'admin';
  joinedAt: string;
  suspendedAt: string | null;
  postCount: number;
  ratingCount: number;
}

/** Accounts newest first, optionally only suspended ones or those matching a name or address. */
export async function listMembers(
  db: Db,
  options: { q?: string; only?: string; suspendedOnly: boolean; after?: PageCursor; limit: number },
): Promise<MemberRow[]> {
  let query = db
    .selectFrom('user')
    .innerJoin('profiles', 'profiles.user_id', 'user.id')
    .select((eb) => [
      'user.id',
      'user.email',
      'user.emailVerified',
      'user.role',
      'user.suspendedAt',
      'profiles.display_name',
      'profiles.created_at',
      eb
        .selectFrom('posts')
        .select((p) => p.fn.countAll<number | string>().as('n'))
        .whereRef('posts.user_id', '=', 'user.id')
        .as('post_count'),
      eb
        .selectFrom('track_ratings')
        .select((r) => r.fn.countAll<number | string>().as('n'))
        .whereRef('track_ratings.user_id', '=', 'user.id')
        .as('rating_count'),
    ]);
  // The list is of this site's members; one account asked for by id (an admin's action on a
  // person of another server, say) is answered whoever it is.
  query = options.only ? query.where('user.id', '=', options.only) : query.where(notRemote('user.id'));
  if (options.suspendedOnly) query = query.where('user.suspendedAt', 'is not', null);
  const q = options.q?.trim().toLowerCase();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`${sql.ref('profiles.display_name_key')} like ${pattern} escape '\\'`,
        sql<boolean>`lower(${sql.ref('user.email')}) like ${pattern} escape '\\'`,
      ]),
    );
  }
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('profiles.created_at', '<', after.createdAt),
        eb.and([eb('profiles.created_at', '=', after.createdAt), eb('profiles.user_id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('profiles.created_at', 'desc')
    .orderBy('profiles.user_id', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    displayName: row.display_name,
    email: row.email,
    emailVerified: Boolean(row.emailVerified),
    role: row.role === 'admin' ? 'admin' : 'user',
    joinedAt: row.created_at,
    suspendedAt: row.suspendedAt === null || row.suspendedAt === undefined ? null : iso(row.suspendedAt),
    postCount: Number(row.post_count ?? 0),
    ratingCount: Number(row.rating_count ?? 0),
  }));
}

export async function memberTotals(
  db: Db,
  since7: string,
  since30: string,
): Promise<{ members: number; joinedLast7Days: number; joinedLast30Days: number; suspended: number }> {
  const count = (n: unknown) => Number(n ?? 0);
  const profiles = await db
    .selectFrom('profiles')
    .where(notRemote('profiles.user_id'))
    .select((eb) => [
      eb.fn.countAll<number | string>().as('members'),
      eb.fn.sum<number | string>(eb.case().when('created_at', '>=', since7).then(1).else(0).end()).as('week'),
      eb.fn.sum<number | string>(eb.case().when('created_at', '>=', since30).then(1).else(0).end()).as('month'),
    ])
    .executeTakeFirstOrThrow();
  const suspended = await db
    .selectFrom('user')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('suspendedAt', 'is not', null)
    .where(notRemote('user.id'))
    .executeTakeFirstOrThrow();
  return {
    members: count(profiles.members),
    joinedLast7Days: count(profiles.week),
    joinedLast30Days: count(profiles.month),
    suspended: count(suspended.n),
  };
}

export async function findMember(
  db: Db,
  userId: string,
): Promise<{ id: string; role: string | null; suspended: boolean; displayName: string } | undefined> {
  const row = await db
    .selectFrom('user')
    .leftJoin('profiles', 'profiles.user_id', 'user.id')
    .select(['user.id', 'user.role', 'user.suspendedAt', 'user.name', 'profiles.display_name'])
    .where('user.id', '=', userId)
    .executeTakeFirst();
  return row
    ? { id: row.id, role: row.role, suspended: row.suspendedAt !== null, displayName: row.display_name ?? row.name }
    : undefined;
}

export async function markSuspended(db: Db, userId: string, at: string | null): Promise<void> {
  await db
    .updateTable('user')
    .set({ suspendedAt: at, updatedAt: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();
}

/** Ends every session of the account; their tokens, so copies elsewhere (Redis) go too. */
export async function endSessionsOf(db: Db, userId: string): Promise<string[]> {
  const ended = await db.deleteFrom('session').where('userId', '=', userId).returning('token').execute();
  return ended.map((row) => row.token);
}
