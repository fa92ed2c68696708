import type { ReportReason, ReportSubjectType } from '@liner/shared';
import { sql } from 'kysely';
import { itemReadableBy, notBlockedBetween } from '../../db/audience.ts';
import type { Db } from '../../db/database.ts';
import type { PageCursor } from '../../lib/cursor.ts';

export interface ReportRef {
  type: ReportSubjectType;
  id: string;
}

export const refKey = (ref: ReportRef) => `${ref.type}:${ref.id}`;

/**
 * The item's author, when it exists and the viewer may read it (db/audience.ts, the rule every read
 * path asks); undefined otherwise, so a hidden item is refused exactly as a missing one. A comment is
 * readable when what it is on is, and neither its author nor the viewer blocked the other.
 */
export async function findReportable(
  db: Db,
  ref: ReportRef,
  viewerId: string,
): Promise<{ ownerId: string } | undefined> {
  let owner: { owner: string } | undefined;
  if (ref.type === 'post') {
    owner = await db
      .selectFrom('posts')
      .select('posts.user_id as owner')
      .where('posts.id', '=', ref.id)
      .where(itemReadableBy(viewerId, { owner: 'posts.user_id', audience: 'posts.audience' }))
      .executeTakeFirst();
  } else if (ref.type === 'list') {
    owner = await db
      .selectFrom('lists')
      .select('lists.user_id as owner')
      .where('lists.id', '=', ref.id)
      .where(itemReadableBy(viewerId, { owner: 'lists.user_id', audience: 'lists.audience' }))
      .executeTakeFirst();
  } else if (ref.type === 'comment') {
    owner = await db
      .selectFrom('comments')
      .leftJoin('posts', (join) =>
        join.onRef('posts.id', '=', 'comments.subject_id').on('comments.subject_type', '=', 'post'),
      )
      .leftJoin('lists', (join) =>
        join.onRef('lists.id', '=', 'comments.subject_id').on('comments.subject_type', '=', 'list'),
      )
      .select('comments.user_id as owner')
      .where('comments.id', '=', ref.id)
      .where(notBlockedBetween(viewerId, 'comments.user_id'))
      .where((eb) =>
        eb.or([
          eb.and([
            eb('posts.id', 'is not', null),
            itemReadableBy(viewerId, { owner: 'posts.user_id', audience: 'posts.audience' }),
          ]),
          eb.and([
            eb('lists.id', 'is not', null),
            itemReadableBy(viewerId, { owner: 'lists.user_id', audience: 'lists.audience' }),
          ]),
        ]),
      )
      .executeTakeFirst();
  } else {
    owner = await db
      .selectFrom('profiles')
      .select('profiles.user_id as owner')
      .where('profiles.user_id', '=', ref.id)
      .where(notBlockedBetween(viewerId, 'profiles.user_id'))
      .executeTakeFirst();
  }
  return owner ? { ownerId: owner.owner } : undefined;
}

export interface NewReport {
  id: string;
  reporterId: string;
  ref: ReportRef;
  ownerId: string;
  reason: ReportReason;
  text: string | null;
  createdAt: string;
}

/** Throws a unique violation when the reporter already has an open report on the item. */
export async function insertReport(db: Db, report: NewReport): Promise<void> {
  await db
    .insertInto('reports')
    .values({
      id: report.id,
      reporter_id: report.reporterId,
      subject_type: report.ref.type,
      subject_id: report.ref.id,
      owner_id: report.ownerId,
      reason: report.reason,
      text: report.text,
      status: 'open',
      resolution: null,
      created_at: report.createdAt,
      resolved_at: null,
    })
    .execute();
}

export interface OpenGroupRow extends ReportRef {
  count: number;
  firstAt: string;
  lastAt: string;
}

/** A queue entry's place for the cursor: when its first open report came, then the item. */
export const groupCursor = (group: OpenGroupRow): PageCursor => ({ createdAt: group.firstAt, id: refKey(group) });

const itemKey = sql<string>`subject_type || ':' || subject_id`;

/** Items with open reports, the longest waiting first. */
export async function listOpenGroups(db: Db, options: { after?: PageCursor; limit: number }): Promise<OpenGroupRow[]> {
  let query = db
    .selectFrom('reports')
    .select((eb) => [
      'subject_type',
      'subject_id',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.min('created_at').as('first_at'),
      eb.fn.max('created_at').as('last_at'),
    ])
    .where('status', '=', 'open')
    .groupBy(['subject_type', 'subject_id']);
  const after = options.after;
  if (after) {
    query = query.having((eb) =>
      eb.or([
        eb(eb.fn.min('created_at'), '>', after.createdAt),
        eb.and([eb(eb.fn.min('created_at'), '=', after.createdAt), eb(itemKey, '>', after.id)]),
      ]),
    );
  }
  const rows = await query.orderBy(sql`min(created_at)`).orderBy(itemKey).limit(options.limit).execute();
  return rows.map((row) => ({
    type: row.subject_type,
    id: row.subject_id,
    count: Number(row.n),
    firstAt: String(row.first_at),
    lastAt: String(row.last_at),
  }));
}

export async function countOpenItems(db: Db): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('reports')
        .select(['subject_type', 'subject_id'])
        .where('status', '=', 'open')
        .groupBy(['subject_type', 'subject_id'])
        .as('open_items'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface OpenReportRow {
  id: string;
  ref: ReportRef;
  reporterId: string;
  reporterName: string | null;
  ownerId: string | null;
  reason: ReportReason;
  text: string | null;
  createdAt: string;
}

/** The open reports on these items, oldest first, with their reporters' names. */
export async function openReportsOn(db: Db, refs: readonly ReportRef[]): Promise<OpenReportRow[]> {
  if (refs.length === 0) return [];
  const rows = await db
    .selectFrom('reports')
    .leftJoin('profiles', 'profiles.user_id', 'reports.reporter_id')
    .select([
      'reports.id',
      'reports.subject_type',
      'reports.subject_id',
      'reports.reporter_id',
      'reports.owner_id',
      'reports.reason',
      'reports.text',
      'reports.created_at',
      'profiles.display_name',
    ])
    .where('reports.status', '=', 'open')
    .where((eb) =>
      eb.or(
        refs.map((ref) => eb.and([eb('reports.subject_type', '=', ref.type), eb('reports.subject_id', '=', ref.id)])),
      ),
    )
    .orderBy('reports.created_at')
    .orderBy('reports.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    ref: { type: row.subject_type, id: row.subject_id },
    reporterId: row.reporter_id,
    reporterName: row.display_name,
    ownerId: row.owner_id,
    reason: row.reason,
    text: row.text,
    createdAt: row.created_at,
  }));
}

/** Closes every open report on the item; returns those it closed (each reporter is told). */
export async function closeOpenReports(
  db: Db,
  ref: ReportRef,
  resolution: 'dismiss' | 'remove' | 'suspend',
  at: string,
): Promise<{ id: string; reporterId: string }[]> {
  const rows = await db
    .updateTable('reports')
    .set({ status: 'closed', resolution, resolved_at: at })
    .where('status', '=', 'open')
    .where('subject_type', '=', ref.type)
    .where('subject_id', '=', ref.id)
    .returning(['id', 'reporter_id'])
    .execute();
  return rows.map((row) => ({ id: row.id, reporterId: row.reporter_id }));
}

export interface ItemFacts {
  ref: ReportRef;
  title: string | null;
  text: string | null;
  postType?: 'note' | 'review';
  pictureUrl: string | null;
  authorId: string;
  authorName: string;
  /** For a comment: what it is on. */
  on?: { type: 'post' | 'list'; id: string; title: string | null };
}

/**
 * The reported items as they are now, for the queue: read here in one query per kind rather than
 * one call per item to each owning module; every change to them still goes through their owners.
 */
export async function describeItems(db: Db, refs: readonly ReportRef[]): Promise<Map<string, ItemFacts>> {
  const facts = new Map<string, ItemFacts>();
  const ids = (type: ReportSubjectType) => refs.filter((ref) => ref.type === type).map((ref) => ref.id);
  const postIds = ids('post');
  if (postIds.length) {
    const rows = await db
      .selectFrom('posts')
      .innerJoin('profiles', 'profiles.user_id', 'posts.user_id')
      .select(['posts.id', 'posts.type', 'posts.title', 'posts.content', 'posts.user_id', 'profiles.display_name'])
      .where('posts.id', 'in', postIds)
      .execute();
    for (const row of rows) {
      facts.set(refKey({ type: 'post', id: row.id }), {
        ref: { type: 'post', id: row.id },
        title: row.title,
        text: row.content,
        postType: row.type,
        pictureUrl: null,
        authorId: row.user_id,
        authorName: row.display_name,
      });
    }
  }
  const listIds = ids('list');
  if (listIds.length) {
    const rows = await db
      .selectFrom('lists')
      .innerJoin('profiles', 'profiles.user_id', 'lists.user_id')
      .select(['lists.id', 'lists.title', 'lists.description', 'lists.user_id', 'profiles.display_name'])
      .where('lists.id', 'in', listIds)
      .execute();
    for (const row of rows) {
      facts.set(refKey({ type: 'list', id: row.id }), {
        ref: { type: 'list', id: row.id },
        title: row.title,
        text: row.description || null,
        pictureUrl: null,
        authorId: row.user_id,
        authorName: row.display_name,
      });
    }
  }
  const commentIds = ids('comment');
  if (commentIds.length) {
    const rows = await db
      .selectFrom('comments')
      .innerJoin('profiles', 'profiles.user_id', 'comments.user_id')
      .leftJoin('posts', (join) =>
        join.onRef('posts.id', '=', 'comments.subject_id').on('comments.subject_type', '=', 'post'),
      )
      .leftJoin('lists', (join) =>
        join.onRef('lists.id', '=', 'comments.subject_id').on('comments.subject_type', '=', 'list'),
      )
      .select([
        'comments.id',
        'comments.content',
        'comments.user_id',
        'comments.subject_type',
        'comments.subject_id',
        'profiles.display_name',
        'posts.title as post_title',
        'lists.title as list_title',
      ])
      .where('comments.id', 'in', commentIds)
      .execute();
    for (const row of rows) {
      facts.set(refKey({ type: 'comment', id: row.id }), {
        ref: { type: 'comment', id: row.id },
        title: null,
        text: row.content,
        pictureUrl: null,
        authorId: row.user_id,
        authorName: row.display_name,
        on: {
          type: row.subject_type,
          id: row.subject_id,
          title: row.subject_type === 'post' ? row.post_title : row.list_title,
        },
      });
    }
  }
  const userIds = ids('user');
  if (userIds.length) {
    const rows = await db
      .selectFrom('profiles')
      .select(['user_id', 'display_name', 'bio', 'picture_url'])
      .where('user_id', 'in', userIds)
      .execute();
    for (const row of rows) {
      facts.set(refKey({ type: 'user', id: row.user_id }), {
        ref: { type: 'user', id: row.user_id },
        title: row.display_name,
        text: row.bio || null,
        pictureUrl: row.picture_url,
        authorId: row.user_id,
        authorName: row.display_name,
      });
    }
  }
  return facts;
}

/** A display name by user id (names of the authors of items that are gone). */
export async function displayNames(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('profiles')
    .select(['user_id', 'display_name'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.display_name]));
}
