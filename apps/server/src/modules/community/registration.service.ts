import { randomBytes } from 'node:crypto';
import {
  INVITE_ALREADY_USED,
  INVITE_CODE_MAX,
  INVITE_DAYS_DEFAULT,
  INVITE_NOT_FOUND,
  type Invite,
  OPEN_INVITES_MAX,
  REGISTRATION_MODES,
  type RegistrationMode,
  type RegistrationSettings,
  TOO_MANY_INVITES,
} from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { AuditLogService } from '../audit/index.ts';
import {
  assignInvite,
  claimInvite,
  countOpenInvites,
  deleteUnusedInvite,
  findInvite,
  type InviteRow,
  insertInvite,
  listInvites,
  readRegistrationSetting,
  releaseInvite,
  writeRegistrationSetting,
} from './registration.repository.ts';

/** A sign-up that died between holding an invitation and getting its account frees it after this. */
const HOLD_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

const isMode = (value: string): value is RegistrationMode => (REGISTRATION_MODES as readonly string[]).includes(value);

export interface RegistrationConfig {
  /** REGISTRATION: the mode until an admin chooses one. */
  registration: RegistrationMode;
  publicUrl: string;
}

/** A held invitation: given to the account once it exists, or released if the sign-up fails. */
export interface InviteHold {
  code: string;
  heldAt: string;
}

/**
 * Who may create an account (ADR 30). The mode is read from the database when a sign-up starts
 * (`refresh`), so every instance applies an admin's change at once; Better Auth's user-creation
 * hook then reads `current()` without a query, because on SQLite it runs inside the sign-up's
 * transaction, where a second query would wait for that transaction forever.
 */
export class RegistrationService {
  private mode: RegistrationMode;

  constructor(
    private readonly db: Db,
    private readonly config: RegistrationConfig,
    /** The admins' changes of mode and invitations are written to it. */
    private readonly audit: Pick<AuditLogService, 'record'>,
  ) {
    this.mode = config.registration;
  }

  current(): RegistrationMode {
    return this.mode;
  }

  async refresh(): Promise<RegistrationMode> {
    const row = await readRegistrationSetting(this.db);
    this.mode = row && isMode(row.value) ? row.value : this.config.registration;
    return this.mode;
  }

  async settings(): Promise<RegistrationSettings> {
    const row = await readRegistrationSetting(this.db);
    const mode = await this.refresh();
    const invites = await listInvites(this.db, new Date().toISOString());
    return {
      mode,
      configuredMode: this.config.registration,
      changedAt: row ? row.updated_at : null,
      invites: invites.map((invite) => this.toInvite(invite)),
    };
  }

  async setMode(admin: SessionUser, mode: RegistrationMode): Promise<RegistrationSettings> {
    await withTransaction(this.db, async (trx) => {
      await writeRegistrationSetting(trx, mode, admin.id, new Date().toISOString());
      await this.audit.record(trx, admin, { action: 'change_registration', detail: `Registration: ${mode}` });
    });
    return this.settings();
  }

  async createInvite(admin: SessionUser, expiresInDays = INVITE_DAYS_DEFAULT): Promise<Invite> {
    const now = new Date();
    if ((await countOpenInvites(this.db, now.toISOString())) >= OPEN_INVITES_MAX) throw conflict(TOO_MANY_INVITES);
    const code = randomBytes(12).toString('base64url');
    const expiresAt = new Date(now.getTime() + expiresInDays * DAY_MS).toISOString();
    await withTransaction(this.db, async (trx) => {
      await insertInvite(trx, { code, createdBy: admin.id, createdAt: now.toISOString(), expiresAt });
      await this.audit.record(trx, admin, {
        action: 'create_invite',
        subject: { type: 'invite', id: code, label: null },
        detail: `Expires ${expiresAt.slice(0, 10)}`,
      });
    });
    const created = (await listInvites(this.db, now.toISOString())).find((invite) => invite.code === code);
    if (!created) throw notFound(INVITE_NOT_FOUND);
    return this.toInvite(created);
  }

  async withdrawInvite(admin: SessionUser, code: string): Promise<void> {
    const withdrawn = await withTransaction(this.db, async (trx) => {
      if (!(await deleteUnusedInvite(trx, code))) return false;
      await this.audit.record(trx, admin, {
        action: 'withdraw_invite',
        subject: { type: 'invite', id: code, label: null },
      });
      return true;
    });
    if (withdrawn) return;
    if (await findInvite(this.db, code)) throw conflict(INVITE_ALREADY_USED);
    throw notFound(INVITE_NOT_FOUND);
  }

  /** Holds the invitation for one sign-up; null when it is unknown, used, held or expired. */
  async hold(code: unknown): Promise<InviteHold | null> {
    if (typeof code !== 'string' || code.length === 0 || code.length > INVITE_CODE_MAX) return null;
    const now = new Date();
    const heldAt = now.toISOString();
    const staleBefore = new Date(now.getTime() - HOLD_MS).toISOString();
    return (await claimInvite(this.db, code.trim(), heldAt, staleBefore)) ? { code: code.trim(), heldAt } : null;
  }

  release(hold: InviteHold): Promise<void> {
    return releaseInvite(this.db, hold.code, hold.heldAt);
  }

  redeem(hold: InviteHold, userId: string): Promise<void> {
    return assignInvite(this.db, hold.code, userId);
  }

  private toInvite(row: InviteRow): Invite {
    const url = new URL('/create-account', this.config.publicUrl);
    url.searchParams.set('invite', row.code);
    return {
      code: row.code,
      url: url.toString(),
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      createdBy: row.created_by ? { id: row.created_by, displayName: row.creator_name ?? 'Deleted account' } : null,
      usedBy: row.used_by ? { id: row.used_by, displayName: row.user_name ?? 'Deleted account' } : null,
      usedAt: row.used_by ? row.used_at : null,
    };
  }
}
