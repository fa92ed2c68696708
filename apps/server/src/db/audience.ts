import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from './database.ts';
import type { Audience } from './schema.ts';

/**
 * Who may read what (ADR 41), in one place so every read path asks the same question.
 *
 * A review, note or list is readable by a viewer when it is theirs, or when neither has blocked the
 * other and either it is public on a profile that is not locked, or it is not 'private' and the
 * viewer follows its owner. Signed out, only public items on unlocked profiles. An admin reads like
 * any member here; the moderation queue is where an admin sees what was reported.
 *
 * The predicates are SQL fragments over columns the caller names, so a repository filters in the
 * query (a page of twenty stays twenty, and a count never includes what the asker may not see).
 */

type Column = string;

/**
 * Who a read is for: a viewer (null when signed out), who sees only what the rules above allow, or
 * 'everything' for an owner's own writes and the admins' moderation views.
 */
export type Reader = { viewerId: string | null } | 'everything';

export const readerOf = (viewer: { id: string } | null): Reader => ({ viewerId: viewer?.id ?? null });

/** Neither the viewer nor the owner has blocked the other. */
export function notBlockedBetween(viewerId: string, ownerColumn: Column): RawBuilder<SqlBool> {
  const owner = sql.ref(ownerColumn);
  return sql<SqlBool>`not exists (select 1 from blocks ab where
    (ab.blocker_id = ${owner} and ab.blocked_id = ${viewerId}) or (ab.blocker_id = ${viewerId} and ab.blocked_id = ${owner}))`;
}

/** The viewer has not muted the actor (their feed, bell and comment threads). */
export function notMutedBy(viewerId: string, actorColumn: Column): RawBuilder<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from mutes am where am.muter_id = ${viewerId} and am.muted_id = ${sql.ref(actorColumn)})`;
}

function ownerUnlocked(owner: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from profiles alp where alp.user_id = ${owner} and alp.locked = 1)`;
}

function viewerFollows(viewerId: string, owner: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from follows af where af.follower_id = ${viewerId} and af.following_id = ${owner})`;
}

/** A review, note or list (its owner and audience columns) the viewer may read. */
export function itemReadableBy(
  viewerId: string | null,
  columns: { owner: Column; audience: Column },
): RawBuilder<SqlBool> {
  const owner = sql.ref(columns.owner);
  const audience = sql.ref(columns.audience);
  if (viewerId === null) return sql<SqlBool>`(${audience} = 'public' and ${ownerUnlocked(owner)})`;
  return sql<SqlBool>`(${owner} = ${viewerId} or (${notBlockedBetween(viewerId, columns.owner)} and (
    (${audience} = 'public' and ${ownerUnlocked(owner)})
    or (${audience} <> 'private' and ${viewerFollows(viewerId, owner)}))))`;
}

/**
 * Someone's own content beyond single items (diary, likes, collection, stats, ratings by name): the
 * viewer may read it when it is theirs, or neither has blocked the other and the profile is not
 * locked or the viewer follows it.
 */
export function profileContentReadableBy(viewerId: string | null, ownerColumn: Column): RawBuilder<SqlBool> {
  const owner = sql.ref(ownerColumn);
  if (viewerId === null) return ownerUnlocked(owner);
  return sql<SqlBool>`(${owner} = ${viewerId} or (${notBlockedBetween(viewerId, ownerColumn)} and (
    ${ownerUnlocked(owner)} or ${viewerFollows(viewerId, owner)})))`;
}

/** How a viewer stands to one person: what every single-profile decision is made from. */
export interface Relationship {
  self: boolean;
  /** The owner blocked the viewer. */
  blockedByOwner: boolean;
  /** The viewer blocked the owner. */
  blockedByViewer: boolean;
  mutedByViewer: boolean;
  follows: boolean;
  requested: boolean;
  locked: boolean;
  /** The owner is a person of another server (ADR 53): their server answers a follow later. */
  remote: boolean;
}

/** Null when the owner has no profile. */
export async function relationshipOf(db: Db, viewerId: string | null, ownerId: string): Promise<Relationship | null> {
  const profile = await db
    .selectFrom('profiles')
    .select((eb) => [
      'locked',
      eb
        .exists(
          eb.selectFrom('remote_actors').select('remote_actors.user_id').where('remote_actors.user_id', '=', ownerId),
        )
        .as('remote'),
    ])
    .where('user_id', '=', ownerId)
    .executeTakeFirst();
  if (!profile) return null;
  const none = {
    self: viewerId === ownerId,
    blockedByOwner: false,
    blockedByViewer: false,
    mutedByViewer: false,
    follows: false,
    requested: false,
    locked: Number(profile.locked) === 1,
    remote: profile.remote === true || Number(profile.remote) === 1,
  };
  if (viewerId === null || viewerId === ownerId) return none;
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('blocks')
            .select('blocker_id')
            .where('blocker_id', '=', ownerId)
            .where('blocked_id', '=', viewerId),
        )
        .as('blockedByOwner'),
      eb
        .exists(
          eb
            .selectFrom('blocks')
            .select('blocker_id')
            .where('blocker_id', '=', viewerId)
            .where('blocked_id', '=', ownerId),
        )
        .as('blockedByViewer'),
      eb
        .exists(
          eb.selectFrom('mutes').select('muter_id').where('muter_id', '=', viewerId).where('muted_id', '=', ownerId),
        )
        .as('mutedByViewer'),
      eb
        .exists(
          eb
            .selectFrom('follows')
            .select('follower_id')
            .where('follower_id', '=', viewerId)
            .where('following_id', '=', ownerId),
        )
        .as('follows'),
      eb
        .exists(
          eb
            .selectFrom('follow_requests')
            .select('requester_id')
            .where('requester_id', '=', viewerId)
            .where('target_id', '=', ownerId),
        )
        .as('requested'),
    ])
    .executeTakeFirstOrThrow();
  const yes = (value: unknown) => value === true || Number(value) === 1;
  return {
    ...none,
    blockedByOwner: yes(row.blockedByOwner),
    blockedByViewer: yes(row.blockedByViewer),
    mutedByViewer: yes(row.mutedByViewer),
    follows: yes(row.follows),
    requested: yes(row.requested),
  };
}

/** Either has blocked the other. */
export function eitherBlocked(relationship: Relationship): boolean {
  return relationship.blockedByOwner || relationship.blockedByViewer;
}

/** The decision profileContentReadableBy makes in SQL, for one pair already looked up. */
export function canReadProfileContent(relationship: Relationship): boolean {
  if (relationship.self) return true;
  if (eitherBlocked(relationship)) return false;
  return !relationship.locked || relationship.follows;
}

/** The decision itemReadableBy makes in SQL, for one item whose owner's relationship is known. */
export function canReadItem(relationship: Relationship, audience: Audience): boolean {
  if (relationship.self) return true;
  if (eitherBlocked(relationship)) return false;
  if (audience === 'public' && !relationship.locked) return true;
  return audience !== 'private' && relationship.follows;
}
