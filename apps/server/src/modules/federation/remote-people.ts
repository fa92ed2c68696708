import { randomBytes } from 'node:crypto';
import type { Actor } from '@fedify/vocab';
import type { DatabaseHandle } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Limiter } from '../../lib/rate-limit.ts';
import { remoteHtmlToText } from '../../lib/remote-html.ts';
import type { DomainBlocks } from './domain-blocks.ts';
import { findRemoteActorByUri, insertRemoteActor, updateRemoteActor } from './federation.repository.ts';
import { REMOTE_HANDLE_MAX, remoteDisplayName } from './handles.ts';
import type { FederationDeps } from './index.ts';
import { isPublicAddress } from './public-address.ts';
import { RemotePictures } from './remote-pictures.ts';

/** Letters, digits and the few marks handles use; anything else in a remote handle is dropped. */
const HANDLE_CHARACTERS = /[^\p{L}\p{N}_.-]/gu;

/**
 * People of other servers as members here (ADR 53): the first activity of theirs that needs a
 * member (a follow, later a like or a reply) makes one, named `handle@host`, and later ones
 * refresh their name and bio from what their server says.
 */
export class RemotePeople {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: Pick<FederationDeps, 'profiles' | 'config' | 'log' | 'limits'>,
    private readonly blocks: Pick<DomainBlocks, 'isSilenced'>,
  ) {
    this.pictures = new RemotePictures(database, deps);
    // A server can mint actors without end, and each would be a user row here; a real one's people
    // arrive a follow or a like at a time, far below FEDERATION_NEW_PEOPLE_PER_HOUR (300). Past
    // it, their activities are ignored (202) until the hour has passed.
    this.newPeople = deps.limits.limiter('remote-people-server', {
      points: deps.config.federation.newPeoplePerHour,
      windowSeconds: 60 * 60,
    });
  }

  private readonly pictures: RemotePictures;
  private readonly newPeople: Limiter;

  /**
   * Their user id here, or undefined when their actor lacks what a member needs (an id, an inbox)
   * or names inboxes we must not deliver to (on this machine or the network behind it).
   */
  async memberFor(actor: Actor): Promise<string | undefined> {
    const member = await this.saveMember(actor);
    if (member) await this.pictures.refresh(member.userId, actor, member.copiedIconFrom);
    return member?.userId;
  }

  private async saveMember(actor: Actor): Promise<{ userId: string; copiedIconFrom: string | null } | undefined> {
    const uri = actor.id;
    const inbox = actor.inboxId;
    if (!uri || !inbox || (uri.protocol !== 'https:' && uri.protocol !== 'http:')) return undefined;
    const allowPrivate = this.deps.config.federation.allowPrivateAddress;
    const sharedInbox = actor.endpoints?.sharedInbox;
    for (const address of sharedInbox ? [inbox, sharedInbox] : [inbox]) {
      if (!(await isPublicAddress(address, allowPrivate))) return undefined;
    }
    const handle = handleOf(actor, uri);
    if (!handle) return undefined;
    const fields = {
      handle,
      host: uri.host,
      inbox_uri: inbox.href,
      shared_inbox_uri: sharedInbox?.href ?? null,
      followers_uri: actor.followersId?.href ?? null,
      profile_url: urlOf(actor)?.href ?? null,
      fetched_at: new Date().toISOString(),
      server_silenced: (await this.blocks.isSilenced(uri.host)) ? 1 : 0,
    };
    const person = {
      displayName: remoteDisplayName(handle, uri.host),
      bio: remoteHtmlToText(actor.summary?.toString() ?? ''),
    };
    const seen = await findRemoteActorByUri(this.database.db, uri.href);
    if (!seen && !(await this.newPeople.consume(uri.host.toLowerCase())).ok) return undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        return await withTransaction(this.database.db, async (trx) => {
          const known = await findRemoteActorByUri(trx, uri.href);
          if (known) {
            await updateRemoteActor(trx, known.user_id, fields);
            await this.deps.profiles.saveRemotePerson(trx, known.user_id, person, false);
            return { userId: known.user_id, copiedIconFrom: known.icon_uri };
          }
          // Lower-case letters and digits, like the e-mail address made from it.
          const userId = randomBytes(16).toString('hex');
          await this.deps.profiles.saveRemotePerson(trx, userId, person, true);
          await insertRemoteActor(trx, { user_id: userId, uri: uri.href, ...fields, icon_uri: null });
          return { userId, copiedIconFrom: null };
        });
      } catch (error) {
        // The same person's two activities made them at once: the second reads the first's row.
        // Another actor already named handle@host (an account made again under a new id) is
        // not merged with this one: the activity is ignored.
        if (!isUniqueViolation(error)) throw error;
        const known = await findRemoteActorByUri(this.database.db, uri.href);
        if (known) return { userId: known.user_id, copiedIconFrom: known.icon_uri };
        if (attempt === 1) return undefined;
      }
    }
    return undefined;
  }
}

function handleOf(actor: Actor, uri: URL): string | undefined {
  const given = actor.preferredUsername?.toString() || lastSegment(uri);
  const handle = given.normalize('NFC').replace(HANDLE_CHARACTERS, '').slice(0, REMOTE_HANDLE_MAX);
  return handle || undefined;
}

function urlOf(actor: Actor): URL | undefined {
  const url = actor.url;
  if (url instanceof URL) return url;
  return url?.href ?? undefined;
}

function lastSegment(uri: URL): string {
  const segment = uri.pathname.split('/').filter(Boolean).at(-1) ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
