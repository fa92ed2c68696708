import { sql } from 'kysely';
import type { Db } from './database.ts';

/** The tables whose rows count their likes and comments (ADR 34). */
export type ReactionCountTable = 'posts' | 'lists';

/**
 * The one place a post's or list's like and comment counters move: in place (`n = n + d` under the
 * row lock the caller holds), never below 0. Each owning module's reaction subject calls it for its table.
 */
export async function moveReactionCounts(
  db: Db,
  table: ReactionCountTable,
  id: string,
  change: { likes?: number; comments?: number },
): Promise<void> {
  const by = (column: 'likes_count' | 'comments_count', n: number) =>
    sql<number>`case when ${sql.ref(column)} + ${n} > 0 then ${sql.ref(column)} + ${n} else 0 end`;
  const likes = change.likes ?? 0;
  const comments = change.comments ?? 0;
  if (likes === 0 && comments === 0) return;
  // Both tables have the two columns; Kysely's types take one table at a time.
  await db
    .updateTable(table as 'posts')
    .set({
      ...(likes === 0 ? {} : { likes_count: by('likes_count', likes) }),
      ...(comments === 0 ? {} : { comments_count: by('comments_count', comments) }),
    })
    .where('id', '=', id)
    .execute();
}

export async function reactionCounts(
  db: Db,
  table: ReactionCountTable,
  id: string,
): Promise<{ likes: number; comments: number } | undefined> {
  return db
    .selectFrom(table as 'posts')
    .select(['likes_count as likes', 'comments_count as comments'])
    .where('id', '=', id)
    .executeTakeFirst();
}
