import type { Db } from '../../db/database.ts';
import type { PageCursor } from '../../lib/cursor.ts';

export interface NewAuditRow {
  id: string;
  actorId: string;
  /** Used only when the actor has no profile (it should always have one). */
  actorFallbackName: string;
  action: string;
  subject: { type: string; id: string; label: string | null } | null;
  note: string | null;
  detail: string | null;
  createdAt: string;
}

/** In the caller's transaction: the entry exists exactly when the action does. */
export async function insertAuditRow(db: Db, row: NewAuditRow): Promise<void> {
  const profile = await db
    .selectFrom('profiles')
    .select('display_name')
    .where('user_id', '=', row.actorId)
    .executeTakeFirst();
  await db
    .insertInto('audit_log')
    .values({
      id: row.id,
      actor_id: row.actorId,
      actor_name: profile?.display_name ?? row.actorFallbackName,
      action: row.action,
      subject_type: row.subject?.type ?? null,
      subject_id: row.subject?.id ?? null,
      subject_label: row.subject?.label ?? null,
      note: row.note,
      detail: row.detail,
      created_at: row.createdAt,
    })
    .execute();
}

export async function listAuditRows(db: Db, options: { after?: PageCursor; limit: number }) {
  let query = db.selectFrom('audit_log').selectAll();
  const after = options.after;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}
