import type { BlockedDomains, DomainSeverity } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import {
  deleteBlockedDomain,
  listBlockedDomains,
  remoteHostsOfDomain,
  saveBlockedDomain,
  setServerSilenced,
} from './federation.repository.ts';
import type { FederationDeps } from './index.ts';

/** How long a process goes on the list it read: another instance's new block reaches it within this. */
const REFRESH_MS = 30_000;

/**
 * Servers an admin blocked or silenced (ADR 52). A blocked server's deliveries are refused with 403
 * before they are read, nothing is delivered or looked up there, and blocking ends every follow
 * between its people and members here (counts moved by the follows' owner). A silenced server's
 * people stay, but their follows of members are requests and their reviews reach only their
 * followers. Either covers the domain's subdomains.
 */
export class DomainBlocks {
  private severities = new Map<string, DomainSeverity>();
  private readAt = 0;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: Pick<FederationDeps, 'follows' | 'auditLog'>,
  ) {}

  /** Whether a host (with or without its port) is of a blocked server. */
  async isBlocked(host: string): Promise<boolean> {
    return (await this.severityOf(host)) === 'block';
  }

  /** Whether a host (with or without its port) is of a silenced (and not blocked) server. */
  async isSilenced(host: string): Promise<boolean> {
    return (await this.severityOf(host)) === 'silence';
  }

  /** Whether something at this address may be sent to or fetched from. */
  async allows(uri: string): Promise<boolean> {
    return !(await this.isBlocked(new URL(uri).host));
  }

  private async severityOf(host: string): Promise<DomainSeverity | undefined> {
    if (Date.now() - this.readAt > REFRESH_MS) await this.refresh();
    return this.covering(host.toLowerCase());
  }

  /** The harshest of what covers the host: the host itself, without its port, or a domain above it. */
  private covering(host: string): DomainSeverity | undefined {
    const labels = host.replace(/:\d+$/, '').split('.');
    const covering = [host, ...labels.map((_, i) => labels.slice(i).join('.'))].map((name) =>
      this.severities.get(name),
    );
    if (covering.includes('block')) return 'block';
    return covering.includes('silence') ? 'silence' : undefined;
  }

  private refresh(): Promise<void> {
    this.reading ??= listBlockedDomains(this.database.db)
      .then((rows) => {
        this.severities = new Map(rows.map((row) => [row.domain, row.severity]));
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
      domains: rows.map((row) => ({
        domain: row.domain,
        severity: row.severity,
        people: Number(row.people ?? 0),
        createdAt: row.created_at,
      })),
    };
  }

  async block(admin: SessionUser, domain: string, severity: DomainSeverity = 'block'): Promise<BlockedDomains> {
    const db = this.database.db;
    await withTransaction(db, async (trx) => {
      const before = await saveBlockedDomain(trx, domain, severity);
      if (before === severity) return;
      await this.deps.auditLog.record(trx, admin, {
        action: severity === 'block' ? 'block_domain' : 'silence_domain',
        subject: { type: 'domain', id: domain, label: domain },
      });
    });
    await this.refresh();
    await this.markSilencedPeople(domain);
    if (severity === 'block') {
      // Each of their people's follows ends in a transaction of its own, as an unfollow would.
      for (const { user_id: userId } of await remoteHostsOfDomain(db, domain)) {
        await withTransaction(db, (trx) => this.deps.follows.removeAllOf(trx, userId));
      }
    }
    return this.list();
  }

  async unblock(admin: SessionUser, domain: string): Promise<BlockedDomains> {
    await withTransaction(this.database.db, async (trx) => {
      const was = await deleteBlockedDomain(trx, domain);
      if (!was) throw notFound('That server is not blocked');
      await this.deps.auditLog.record(trx, admin, {
        action: was === 'block' ? 'unblock_domain' : 'unsilence_domain',
        subject: { type: 'domain', id: domain, label: domain },
      });
    });
    await this.refresh();
    await this.markSilencedPeople(domain);
    return this.list();
  }

  /**
   * Each person of the domain's servers is marked as their server now stands, read through every
   * entry that covers them (a silenced subdomain stays silenced when its parent's entry goes).
   */
  private async markSilencedPeople(domain: string): Promise<void> {
    const people = await remoteHostsOfDomain(this.database.db, domain);
    const change = { silence: [] as string[], lift: [] as string[] };
    for (const person of people) {
      const silenced = this.covering(person.host.toLowerCase()) === 'silence';
      if (silenced !== (Number(person.server_silenced) === 1)) {
        (silenced ? change.silence : change.lift).push(person.user_id);
      }
    }
    await setServerSilenced(this.database.db, change.silence, true);
    await setServerSilenced(this.database.db, change.lift, false);
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
