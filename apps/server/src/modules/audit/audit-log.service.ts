import {
  AUDIT_ACTIONS,
  AUDIT_LOG_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditLogPage,
} from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { insertAuditRow, listAuditRows } from './audit-log.repository.ts';

export interface AuditRecord {
  action: AuditAction;
  /** What it was done to, named as it is now: the row keeps the label when the thing is gone. */
  subject?: { type: string; id: string; label?: string | null } | null;
  /** The admin's reason. */
  note?: string | null;
  detail?: string | null;
}

const isAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);

/**
 * The admins' audit log (ADR 42): every admin action writes one entry in the transaction of the
 * action itself, so an entry exists exactly when the action happened. Nothing deletes entries.
 */
export class AuditLogService {
  constructor(private readonly db: Db) {}

  async record(trx: Db, admin: SessionUser, entry: AuditRecord): Promise<void> {
    await insertAuditRow(trx, {
      id: newId(),
      actorId: admin.id,
      actorFallbackName: admin.name,
      action: entry.action,
      subject: entry.subject ? { ...entry.subject, label: entry.subject.label ?? null } : null,
      note: entry.note?.trim() ? entry.note.trim() : null,
      detail: entry.detail ?? null,
      createdAt: new Date().toISOString(),
    });
  }

  async list(query: { cursor?: string }): Promise<AuditLogPage> {
    const limit = AUDIT_LOG_PAGE_SIZE;
    const rows = await listAuditRows(this.db, {
      after: query.cursor ? decodeCursor(query.cursor) : undefined,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const entries: AuditEntry[] = [];
    for (const row of page) {
      // Only actions this version names are shown; the column has no check, so a row it does not know is skipped.
      if (!isAction(row.action)) continue;
      entries.push({
        id: row.id,
        actor: { userId: row.actor_id, displayName: row.actor_name },
        action: row.action,
        subject:
          row.subject_type && row.subject_id
            ? { type: row.subject_type, id: row.subject_id, label: row.subject_label }
            : null,
        note: row.note,
        detail: row.detail,
        createdAt: row.created_at,
      });
    }
    return {
      entries,
      nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    };
  }
}
