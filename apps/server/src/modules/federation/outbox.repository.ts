import type { DatabaseHandle, Db } from '../../db/database.ts';
import type { FederatedObjectType } from '../../db/schema.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { PageCursor } from '../../lib/cursor.ts';

export interface OutboxRow {
  id: number;
  object_type: FederatedObjectType;
  object_id: string;
  user_id: string;
}

/** In the transaction of the change: the object is to be told to other servers once it commits. */
export async function enqueueChange(db: Db, change: Omit<OutboxRow, 'id'>): Promise<void> {
  await db
    .insertInto('federation_outbox')
    .values({ ...change, created_at: new Date().toISOString(), claimed_until: null })
    .execute();
}

/** The oldest change no worker holds, now held by this one until `claimMs` from now. */
export async function claimChange(database: DatabaseHandle, claimMs: number): Promise<OutboxRow | undefined> {
  return withTransaction(database.db, async (trx) => {
    const now = new Date().toISOString();
    const row = await trx
      .selectFrom('federation_outbox')
      .select(['id', 'object_type', 'object_id', 'user_id'])
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('id')
      .limit(1)
      .$if(database.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked())
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .updateTable('federation_outbox')
      .set({ claimed_until: new Date(Date.now() + claimMs).toISOString() })
      .where('id', '=', row.id)
      .execute();
    return { ...row, id: Number(row.id) };
  });
}

export async function deleteChange(db: Db, id: number): Promise<void> {
  await db.deleteFrom('federation_outbox').where('id', '=', id).execute();
}

/** Changes not yet told: how far behind delivery is (tests, benchmarks, the admin's view later). */
export async function pendingChanges(db: Db): Promise<number> {
  const row = await db
    .selectFrom('federation_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface SentObject {
  audience: 'public' | 'followers' | null;
  generation: number;
}

export async function findSentObject(db: Db, type: FederatedObjectType, id: string): Promise<SentObject | undefined> {
  const row = await db
    .selectFrom('federated_objects')
    .select(['audience', 'generation'])
    .where('object_type', '=', type)
    .where('object_id', '=', id)
    .executeTakeFirst();
  return row ? { audience: row.audience, generation: Number(row.generation) } : undefined;
}

export async function saveSentObject(
  db: Db,
  object: { type: FederatedObjectType; id: string; userId: string } & SentObject,
): Promise<void> {
  const values = { audience: object.audience, generation: object.generation, sent_at: new Date().toISOString() };
  await db
    .insertInto('federated_objects')
    .values({ object_type: object.type, object_id: object.id, user_id: object.userId, ...values })
    .onConflict((oc) => oc.columns(['object_type', 'object_id']).doUpdateSet(values))
    .execute();
}

/** Whose object it was, when other servers were ever told of it. */
export async function sentObjectOwner(db: Db, type: FederatedObjectType, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('federated_objects')
    .select('user_id')
    .where('object_type', '=', type)
    .where('object_id', '=', id)
    .executeTakeFirst();
  return row?.user_id;
}

/** A member's objects other servers were last told were public, newest first (their outbox collection). */
export async function sentPublicObjects(
  db: Db,
  userId: string,
  options: { after?: PageCursor; limit: number },
): Promise<{ type: FederatedObjectType; id: string; generation: number; sentAt: string }[]> {
  let query = db
    .selectFrom('federated_objects')
    .select(['object_type', 'object_id', 'generation', 'sent_at'])
    .where('user_id', '=', userId)
    .where('audience', '=', 'public');
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('sent_at', '<', after.createdAt),
        eb.and([eb('sent_at', '=', after.createdAt), eb('object_id', '<', after.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('sent_at', 'desc').orderBy('object_id', 'desc').limit(options.limit).execute();
  return rows.map((row) => ({
    type: row.object_type,
    id: row.object_id,
    generation: Number(row.generation),
    sentAt: row.sent_at,
  }));
}

export async function countSentPublicObjects(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('federated_objects')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('audience', '=', 'public')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
