import type { DomainSeverity } from '@liner/shared';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { RemoteActorTable } from '../../db/schema.ts';
import type { PageCursor } from '../../lib/cursor.ts';

/** A member of this site as an actor: none for a person of another server or a suspended account. */
export interface LocalActorRow {
  userId: string;
  displayName: string;
  bio: string;
  pictureUrl: string | null;
  locked: number;
  createdAt: string;
}

export async function findLocalActor(db: Db, userId: string): Promise<LocalActorRow | undefined> {
  return db
    .selectFrom('profiles')
    .innerJoin('user', 'user.id', 'profiles.user_id')
    .select([
      'profiles.user_id as userId',
      'profiles.display_name as displayName',
      'profiles.bio as bio',
      'profiles.picture_url as pictureUrl',
      'profiles.locked as locked',
      'profiles.created_at as createdAt',
    ])
    .where('profiles.user_id', '=', userId)
    .where('user.suspendedAt', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('remote_actors')
            .select('remote_actors.user_id')
            .whereRef('remote_actors.user_id', '=', 'profiles.user_id'),
        ),
      ),
    )
    .executeTakeFirst();
}

export type RemoteActorRow = Selectable<RemoteActorTable>;

export async function findRemoteActorByUri(db: Db, uri: string): Promise<RemoteActorRow | undefined> {
  return db.selectFrom('remote_actors').selectAll().where('uri', '=', uri).executeTakeFirst();
}

export async function findRemoteActor(db: Db, userId: string): Promise<RemoteActorRow | undefined> {
  return db.selectFrom('remote_actors').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function insertRemoteActor(db: Db, row: Insertable<RemoteActorTable>): Promise<void> {
  await db.insertInto('remote_actors').values(row).execute();
}

export async function updateRemoteActor(
  db: Db,
  userId: string,
  row: Omit<RemoteActorRow, 'user_id' | 'uri' | 'icon_uri' | 'silenced_at'>,
) {
  await db.updateTable('remote_actors').set(row).where('user_id', '=', userId).execute();
}

/** The picture address a person's picture here was last copied from (null: none). */
export async function setRemoteIcon(db: Db, userId: string, iconUri: string | null): Promise<void> {
  await db.updateTable('remote_actors').set({ icon_uri: iconUri }).where('user_id', '=', userId).execute();
}

/** One follower or followed person as the collections list them: their actor, ours or theirs. */
export interface FollowPageRow {
  userId: string;
  remoteUri: string | null;
  remoteInbox: string | null;
  remoteSharedInbox: string | null;
  createdAt: string;
}

/** A page of someone's followers or of whom they follow, newest first, as the profile lists them. */
export async function followPage(
  db: Db,
  userId: string,
  which: 'followers' | 'following',
  options: { after?: PageCursor; limit: number; remoteOnly?: boolean },
): Promise<FollowPageRow[]> {
  const [self, other] =
    which === 'followers' ? (['following_id', 'follower_id'] as const) : (['follower_id', 'following_id'] as const);
  let query = db
    .selectFrom('follows')
    .leftJoin('remote_actors', 'remote_actors.user_id', `follows.${other}`)
    .select([
      `follows.${other} as userId`,
      'remote_actors.uri as remoteUri',
      'remote_actors.inbox_uri as remoteInbox',
      'remote_actors.shared_inbox_uri as remoteSharedInbox',
      'follows.created_at as createdAt',
    ])
    .where(`follows.${self}`, '=', userId)
    // Someone of another server an admin suspended is neither listed nor delivered to.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user')
            .select('user.id')
            .whereRef('user.id', '=', `follows.${other}`)
            .where('user.suspendedAt', 'is not', null)
            .where(({ exists: has, selectFrom: from }) =>
              has(
                from('remote_actors').select('remote_actors.user_id').whereRef('remote_actors.user_id', '=', 'user.id'),
              ),
            ),
        ),
      ),
    );
  if (options.remoteOnly) query = query.where('remote_actors.uri', 'is not', null);
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('follows.created_at', '<', after.createdAt),
        eb.and([eb('follows.created_at', '=', after.createdAt), eb(`follows.${other}`, '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('follows.created_at', 'desc').orderBy(`follows.${other}`, 'desc').limit(options.limit).execute();
}

export async function saveRemoteFollow(db: Db, followerId: string, followingId: string, activityUri: string) {
  await db
    .insertInto('remote_follows')
    .values({
      follower_id: followerId,
      following_id: followingId,
      activity_uri: activityUri,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['follower_id', 'following_id']).doUpdateSet({ activity_uri: activityUri }))
    .execute();
}

export async function findRemoteFollow(db: Db, followerId: string, followingId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('remote_follows')
    .select('activity_uri')
    .where('follower_id', '=', followerId)
    .where('following_id', '=', followingId)
    .executeTakeFirst();
  return row?.activity_uri;
}

export async function deleteRemoteFollow(db: Db, followerId: string, followingId: string): Promise<void> {
  await db
    .deleteFrom('remote_follows')
    .where('follower_id', '=', followerId)
    .where('following_id', '=', followingId)
    .execute();
}

/** What NodeInfo tells the fediverse: members of this site (not people of others, not suspended) and their public posts. */
export async function instanceUsage(db: Db) {
  const local = db
    .selectFrom('user')
    .select('user.id')
    .where('user.suspendedAt', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('remote_actors').select('remote_actors.user_id').whereRef('remote_actors.user_id', '=', 'user.id'),
        ),
      ),
    );
  const [users, posts, comments] = await Promise.all([
    db
      .selectFrom(local.as('local'))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('posts')
      .where('posts.audience', '=', 'public')
      .where('posts.user_id', 'in', local)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('comments')
      .where('comments.user_id', 'in', local)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { users: Number(users.count), localPosts: Number(posts.count), localComments: Number(comments.count) };
}

/** The comment a person of another server's Note became here, if it did. */
export async function findRemoteObject(db: Db, uri: string) {
  return db
    .selectFrom('remote_objects')
    .select(['user_id', 'kind', 'local_id'])
    .where('uri', '=', uri)
    .executeTakeFirst();
}

export async function saveRemoteObject(
  db: Db,
  row: { uri: string; userId: string; kind: 'comment' | 'post'; localId: string },
) {
  await db
    .insertInto('remote_objects')
    .values({
      uri: row.uri,
      user_id: row.userId,
      kind: row.kind,
      local_id: row.localId,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('uri').doNothing())
    .execute();
}

export async function deleteRemoteObject(db: Db, uri: string): Promise<void> {
  await db.deleteFrom('remote_objects').where('uri', '=', uri).execute();
}

/** The follow (or request) a Follow activity of ours, or of theirs, started. */
export async function findRemoteFollowByActivity(db: Db, activityUri: string) {
  return db
    .selectFrom('remote_follows')
    .select(['follower_id', 'following_id'])
    .where('activity_uri', '=', activityUri)
    .executeTakeFirst();
}

export async function listBlockedDomains(db: Db) {
  return db
    .selectFrom('blocked_domains')
    .select((eb) => [
      'blocked_domains.domain',
      'blocked_domains.created_at',
      'blocked_domains.severity',
      eb
        .selectFrom('remote_actors')
        .select((r) => r.fn.countAll<number>().as('n'))
        .whereRef('remote_actors.host', '=', 'blocked_domains.domain')
        .as('people'),
    ])
    .orderBy('blocked_domains.domain')
    .execute();
}

/** Blocks or silences a server; the severity it had before (undefined: none). */
export async function saveBlockedDomain(
  db: Db,
  domain: string,
  severity: DomainSeverity,
): Promise<DomainSeverity | undefined> {
  const before = await db
    .selectFrom('blocked_domains')
    .select('severity')
    .where('domain', '=', domain)
    .executeTakeFirst();
  if (before) {
    await db.updateTable('blocked_domains').set({ severity }).where('domain', '=', domain).execute();
    return before.severity;
  }
  const result = await db
    .insertInto('blocked_domains')
    .values({ domain, severity, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('domain').doUpdateSet({ severity }))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? undefined : severity;
}

/** What the server was (undefined: neither blocked nor silenced, so nothing was lifted). */
export async function deleteBlockedDomain(db: Db, domain: string): Promise<DomainSeverity | undefined> {
  const row = await db
    .deleteFrom('blocked_domains')
    .where('domain', '=', domain)
    .returning('severity')
    .executeTakeFirst();
  return row?.severity;
}

/** The people of servers at this domain (or its subdomains), with their server's host. */
export async function remoteHostsOfDomain(
  db: Db,
  domain: string,
): Promise<{ user_id: string; host: string; server_silenced: number }[]> {
  return db
    .selectFrom('remote_actors')
    .select(['user_id', 'host', 'server_silenced'])
    .where((eb) => eb.or([eb('host', '=', domain), eb('host', 'like', `%.${domain.replace(/[\\%_]/g, '')}`)]))
    .execute();
}

export async function setServerSilenced(db: Db, userIds: readonly string[], silenced: boolean): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable('remote_actors')
    .set({ server_silenced: silenced ? 1 : 0 })
    .where('user_id', 'in', userIds)
    .execute();
}

/** Silences a person of another server (at: when), or lifts it (null); false when no such person. */
export async function setPersonSilenced(db: Db, userId: string, at: string | null): Promise<boolean> {
  const result = await db
    .updateTable('remote_actors')
    .set({ silenced_at: at })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listSilencedPeople(db: Db) {
  return db
    .selectFrom('remote_actors')
    .innerJoin('profiles', 'profiles.user_id', 'remote_actors.user_id')
    .select([
      'remote_actors.user_id as userId',
      'profiles.display_name as displayName',
      'profiles.picture_url as pictureUrl',
      'remote_actors.silenced_at as silencedAt',
    ])
    .where('remote_actors.silenced_at', 'is not', null)
    .orderBy('profiles.display_name')
    .execute();
}

/** Whether a person of another server is silenced, on their own or with their server. */
export async function isRemoteSilenced(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('remote_actors')
    .select(['silenced_at', 'server_silenced'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row && (row.silenced_at !== null || Number(row.server_silenced) === 1));
}

/** Whether the person of another server at this actor address is suspended here. */
export async function isSuspendedRemote(db: Db, uri: string): Promise<boolean> {
  const row = await db
    .selectFrom('remote_actors')
    .innerJoin('user', 'user.id', 'remote_actors.user_id')
    .select('remote_actors.user_id')
    .where('remote_actors.uri', '=', uri)
    .where('user.suspendedAt', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}
