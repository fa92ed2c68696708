import type { BlockedDomains } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import {
  deleteBlockedDomain,
  insertBlockedDomain,
  listBlockedDomains,
  remotePeopleOfDomain,
} from './federation.repository.ts';
import type { FederationDeps } from './index.ts';

/** How long a process goes on the list it read: another instance's new block reaches it within this. */
const REFRESH_MS = 30_000;

/**
 * Servers an admin blocked (ADR 52): what they send is refused with 403 before it is read, nothing
 * is delivered or looked up there, and blocking ends every follow between their people and
 * members here (counts moved by the follows' owner). A block covers the domain's subdomains.
 */
export class DomainBlocks {
  private blocked = new Set<string>();
  private readAt = 0;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: Pick<FederationDeps, 'follows' | 'auditLog'>,
  ) {}

  /** Whether a host (with or without its port) is of a blocked server. */
  async isBlocked(host: string): Promise<boolean> {
    if (Date.now() - this.readAt > REFRESH_MS) await this.refresh();
    return this.covers(host.toLowerCase());
  }

  /** Whether something at this address may be sent to or fetched from. */
  async allows(uri: string): Promise<boolean> {
    return !(await this.isBlocked(new URL(uri).host));
  }

  private covers(host: string): boolean {
    if (this.blocked.has(host)) return true;
    const labels = host.replace(/:\d+$/, '').split('.');
    return labels.some((_, i) => this.blocked.has(labels.slice(i).join('.')));
  }

  private refresh(): Promise<void> {
    this.reading ??= listBlockedDomains(this.database.db)
      .then((rows) => {
        this.blocked = new Set(rows.map((row) => row.domain));
        this.readAt = Date.now();
      })
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }

  async list(): Promise<BlockedDomains> {
    const rows = await listBlockedDomains(this.database.db);
    return {
      domains: rows.map((row) => ({ domain: row.domain, people: Number(row.people ?? 0), createdAt: row.created_at })),
    };
  }

  async block(admin: SessionUser, domain: string): Promise<BlockedDomains> {
    const db = this.database.db;
    await withTransaction(db, async (trx) => {
      if (!(await insertBlockedDomain(trx, domain))) return;
      await this.deps.auditLog.record(trx, admin, {
        action: 'block_domain',
        subject: { type: 'domain', id: domain, label: domain },
      });
    });
    await this.refresh();
    // Each of their people's follows ends in a transaction of its own, as an unfollow would.
    for (const userId of await remotePeopleOfDomain(db, domain)) {
      await withTransaction(db, (trx) => this.deps.follows.removeAllOf(trx, userId));
    }
    return this.list();
  }

  async unblock(admin: SessionUser, domain: string): Promise<BlockedDomains> {
    await withTransaction(this.database.db, async (trx) => {
      if (!(await deleteBlockedDomain(trx, domain))) throw notFound('That server is not blocked');
      await this.deps.auditLog.record(trx, admin, {
        action: 'unblock_domain',
        subject: { type: 'domain', id: domain, label: domain },
      });
    });
    await this.refresh();
    return this.list();
  }
}

/**
 * The host of the key an inbox POST is signed with (draft-cavage `Signature: keyId="…"` or RFC
 * 9421 `Signature-Input: …;keyid="…"`), read before anything is verified: a blocked server is
 * refused before its body is parsed or its key fetched. Unsigned requests are Fedify's to refuse.
 */
export function signerHost(headers: Headers): string | undefined {
  const keyId =
    /keyId="([^"]+)"/.exec(headers.get('signature') ?? '')?.[1] ??
    /keyid="([^"]+)"/i.exec(headers.get('signature-input') ?? '')?.[1];
  if (!keyId) return undefined;
  try {
    return new URL(keyId).host;
  } catch {
    return undefined;
  }
}
