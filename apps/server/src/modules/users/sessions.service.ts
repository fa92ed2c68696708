import type { AccountSession } from '@liner/shared';
import Bowser from 'bowser';
import type { SessionCopies } from '../../auth/redis-storage.ts';
import type { Db } from '../../db/database.ts';
import { refusal } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { deleteSession, listSessions } from './sessions.repository.ts';

/** "Firefox on Windows" from a User-Agent header (bowser), or what is known of it. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name || 'Unknown browser';
  const os = parsed.os.name;
  return os ? `${browser} on ${os}` : browser;
}

/** The account's signed-in browsers (Settings, Sessions): list them, sign one out. */
export class SessionsService {
  constructor(
    private readonly db: Db,
    private readonly copies: SessionCopies,
  ) {}

  async list(user: SessionUser): Promise<AccountSession[]> {
    const rows = await listSessions(this.db, user.id, new Date());
    return rows.map((row) => ({
      id: row.id,
      current: row.id === user.sessionId,
      device: describeDevice(row.userAgent),
      signedInAt: row.createdAt,
      lastActiveAt: row.updatedAt,
    }));
  }

  /** Signing out the current session is allowed: it is the same as signing out. */
  async revoke(user: SessionUser, sessionId: string): Promise<void> {
    const token = await deleteSession(this.db, user.id, sessionId);
    if (!token) throw refusal('SESSION_NOT_FOUND', 'This session has already ended');
    await this.copies.forgetSession(token);
  }
}
