import { importJwk, type SenderKeyPair } from '@fedify/fedify';
import { Delete, PUBLIC_COLLECTION, type Recipient } from '@fedify/vocab';
import type { DomainEventBus, DomainEvents } from '../../lib/domain-events.ts';
import { findActorKeys } from './actor-keys.repository.ts';
import type { DomainBlocks } from './domain-blocks.ts';
import { findRemoteActor } from './federation.repository.ts';
import type { LinerFederation } from './federation.ts';
import type { FederationDeps } from './index.ts';
import { remoteFollowersOf } from './object-reads.repository.ts';
import { recipientOf } from './recipients.ts';

/** Who was told of a deleted account's posts, and the keys to sign its farewell with, read before they went. */
interface Farewell {
  recipients: Recipient[];
  keys: SenderKeyPair[];
}

/**
 * A member deletes their account (or an admin does): their followers' servers are sent a Delete of
 * their actor, so that the profile and its posts go there too, as Mastodon does. Who follows them
 * and their keys are read inside the deleting transaction, before the rows go, and the Delete is
 * sent once it has committed, signed with the keys the other servers already hold (our actor no
 * longer answers, so they check it against the copy they cached).
 */
export function tellOfDeletedAccounts(
  events: Pick<DomainEventBus, 'within' | 'afterCommit'>,
  federation: LinerFederation,
  deps: FederationDeps,
  blocks: DomainBlocks,
): void {
  // Keyed by the event itself: a deletion that rolls back leaves nothing behind.
  const farewells = new WeakMap<DomainEvents['accountDeleted'], Farewell>();
  events.within('accountDeleted', async (trx, event) => {
    // A person of another server removed here is not ours to announce.
    if (await findRemoteActor(trx, event.userId)) return;
    const followers = await remoteFollowersOf(trx, event.userId);
    const allowed = await Promise.all(followers.map((follower) => blocks.allows(follower.uri)));
    const recipients = followers.filter((_, i) => allowed[i]).map(recipientOf);
    if (recipients.length === 0) return;
    const actor = federation.createContext(new URL(deps.config.publicUrl)).getActorUri(event.userId);
    const stored = await findActorKeys(trx, event.userId);
    // The RSA key first, as the actor listed it (its id `#main-key`), then the Ed25519 key.
    const ordered = ['RSASSA-PKCS1-v1_5', 'Ed25519'].flatMap((algorithm) =>
      stored.filter((key) => key.algorithm === algorithm),
    );
    const keys = await Promise.all(
      ordered.map(async (key, i) => ({
        keyId: new URL(i === 0 ? '#main-key' : `#key-${i + 1}`, actor),
        privateKey: await importJwk(JSON.parse(key.private_jwk), 'private'),
      })),
    );
    if (keys.length > 0) farewells.set(event, { recipients, keys });
  });
  events.afterCommit('accountDeleted', async (event) => {
    const farewell = farewells.get(event);
    if (!farewell) return;
    const ctx = federation.createContext(new URL(deps.config.publicUrl));
    const actor = ctx.getActorUri(event.userId);
    await ctx.sendActivity(
      farewell.keys,
      farewell.recipients,
      new Delete({ id: new URL('#delete', actor), actor, object: actor, to: PUBLIC_COLLECTION }),
    );
  });
}
