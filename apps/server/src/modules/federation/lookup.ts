import { isActor } from '@fedify/vocab';
import type { Person } from '@liner/shared';
import { notFound } from '../../lib/errors.ts';
import type { DomainBlocks } from './domain-blocks.ts';
import { findLocalActor } from './federation.repository.ts';
import type { LinerFederation } from './federation.ts';
import { INSTANCE_ACTOR } from './handles.ts';
import type { FederationDeps } from './index.ts';
import type { RemotePeople } from './remote-people.ts';

/** Long enough for a slow server's WebFinger and actor; a search must not hang on a dead one. */
const LOOKUP_MS = 10_000;
const NOBODY = 'No one was found at that address';

/**
 * Finds a person anywhere on the fediverse by their address (`@name@host`): WebFinger, then their
 * actor, fetched signed by the instance actor (servers in authorized-fetch mode ask for it). They
 * become a member here (ADR 53), so their profile opens and the follow button works as for anyone.
 */
export class RemoteLookup {
  constructor(
    private readonly federation: LinerFederation,
    private readonly deps: FederationDeps,
    private readonly people: RemotePeople,
    private readonly blocks: DomainBlocks,
  ) {}

  async person(handle: string): Promise<Person> {
    const address = handle.trim().replace(/^@/, '');
    const at = address.lastIndexOf('@');
    const name = address.slice(0, at);
    const host = address.slice(at + 1).toLowerCase();
    const publicUrl = new URL(this.deps.config.publicUrl);
    if (host === publicUrl.host.toLowerCase()) return this.local(name);
    if (await this.blocks.isBlocked(host)) throw notFound(NOBODY);

    const ctx = this.federation.createContext(publicUrl);
    const documentLoader = await ctx.getDocumentLoader({ identifier: INSTANCE_ACTOR });
    const lookup = async () => {
      const found = await ctx.lookupObject(`@${address}`, { documentLoader }).catch(() => null);
      if (found || !this.deps.config.federation.allowPrivateAddress) return found;
      // Sites on one machine (FEDERATION_ALLOW_PRIVATE, tests only) speak plain http, and
      // Fedify asks WebFinger over https only.
      const actorUri = await webFingerOverHttp(address, host);
      return actorUri ? ctx.lookupObject(actorUri, { documentLoader }).catch(() => null) : null;
    };
    let timer: NodeJS.Timeout | undefined;
    const found = await Promise.race([
      lookup(),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), LOOKUP_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    if (!found || !isActor(found)) throw notFound(NOBODY);
    const userId = await this.people.memberFor(found);
    const profile = userId ? await this.deps.profiles.findByUserId(userId) : undefined;
    if (!profile) throw notFound(NOBODY);
    return { userId: profile.user_id, displayName: profile.display_name, pictureUrl: profile.picture_url };
  }

  /** Someone of this site, by display name or user id, as WebFinger would answer. */
  private async local(name: string): Promise<Person> {
    const named = await this.deps.profiles.findByName(name);
    const member = await findLocalActor(this.deps.database.db, named?.user_id ?? name);
    if (!member) throw notFound(NOBODY);
    return { userId: member.userId, displayName: member.displayName, pictureUrl: member.pictureUrl };
  }
}

async function webFingerOverHttp(address: string, host: string): Promise<string | undefined> {
  const url = `http://${host}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${address}`)}`;
  const response = await fetch(url, { headers: { accept: 'application/jrd+json' } }).catch(() => undefined);
  if (!response?.ok) return undefined;
  const body = (await response.json().catch(() => undefined)) as
    | { links?: { rel?: string; href?: string }[] }
    | undefined;
  return body?.links?.find((link) => link.rel === 'self' && link.href)?.href;
}
