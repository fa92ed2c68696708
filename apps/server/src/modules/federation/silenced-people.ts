import type { SilencedPeople } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { findRemoteActor, listSilencedPeople, setPersonSilenced } from './federation.repository.ts';
import type { FederationDeps } from './index.ts';

const NOT_KNOWN = 'No one of another server is known here by that address';

/**
 * People of other servers an admin silenced, one by one (a whole server is silenced in
 * DomainBlocks): their follows of members become requests and their reviews reach only the
 * members who follow them. Short of a suspension, which drops all they send.
 */
export class SilencedPeopleList {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: Pick<FederationDeps, 'profiles' | 'auditLog'>,
  ) {}

  async list(): Promise<SilencedPeople> {
    const rows = await listSilencedPeople(this.database.db);
    return { people: rows.map((row) => ({ ...row, silencedAt: row.silencedAt ?? '' })) };
  }

  async silence(admin: SessionUser, handle: string): Promise<SilencedPeople> {
    await this.change(admin, handle, true);
    return this.list();
  }

  async lift(admin: SessionUser, handle: string): Promise<SilencedPeople> {
    await this.change(admin, handle, false);
    return this.list();
  }

  private async change(admin: SessionUser, handle: string, silence: boolean): Promise<void> {
    const name = handle.trim().replace(/^@/, '');
    const profile = await this.deps.profiles.findByName(name);
    const person = profile && (await findRemoteActor(this.database.db, profile.user_id));
    if (!profile || !person) throw notFound(NOT_KNOWN);
    if ((person.silenced_at !== null) === silence) return;
    await withTransaction(this.database.db, async (trx) => {
      await setPersonSilenced(trx, person.user_id, silence ? new Date().toISOString() : null);
      await this.deps.auditLog.record(trx, admin, {
        action: silence ? 'silence_person' : 'unsilence_person',
        subject: { type: 'user', id: person.user_id, label: profile.display_name },
      });
    });
  }
}
