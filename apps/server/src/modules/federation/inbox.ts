import type { InboxContext, InboxListenerSetters } from '@fedify/fedify';
import { Accept, type Actor, Follow, isActor, Reject, Undo } from '@fedify/vocab';
import { AppError } from '../../lib/errors.ts';
import { deleteRemoteFollow, findLocalActor, findRemoteActorByUri, saveRemoteFollow } from './federation.repository.ts';
import { INSTANCE_ACTOR } from './handles.ts';
import type { FederationDeps } from './index.ts';
import type { RemotePeople } from './remote-people.ts';

export interface InboxDeps extends FederationDeps {
  people: RemotePeople;
}

/**
 * What liner does with activities other servers deliver (ADR 52). Fedify has already checked the
 * signature (401 otherwise), that the signer is the activity's actor, and that this activity id
 * was not handled before; each listener still ignores (the sender got 202) whatever names
 * something this site does not have.
 */
export function listenToInbox(inbox: InboxListenerSetters<void>, deps: InboxDeps): void {
  const db = deps.database.db;

  /** The member of this site an activity's object names, if it names one. */
  async function localMemberNamed(ctx: InboxContext<void>, uri: URL | null): Promise<string | undefined> {
    if (!uri) return undefined;
    const parsed = ctx.parseUri(uri);
    if (parsed?.type !== 'actor' || parsed.identifier === INSTANCE_ACTOR) return undefined;
    return (await findLocalActor(db, parsed.identifier)) ? parsed.identifier : undefined;
  }

  /** Sends the follower our answer to their Follow, signed by the member they asked to follow. */
  async function answer(ctx: InboxContext<void>, memberId: string, follower: Actor, follow: Follow, accepted: boolean) {
    const values = { actor: ctx.getActorUri(memberId), object: follow, to: follower.id };
    await ctx.sendActivity({ identifier: memberId }, follower, accepted ? new Accept(values) : new Reject(values));
  }

  inbox
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId) return;
      const memberId = await localMemberNamed(ctx, follow.objectId);
      if (!memberId) return;
      const follower = await follow.getActor(ctx);
      if (!follower || !isActor(follower) || follower.id?.href !== follow.actorId.href) return;
      const followerId = await deps.people.memberFor(follower);
      if (!followerId) return;
      await saveRemoteFollow(db, followerId, memberId, follow.id.href);
      try {
        const state = await deps.follows.follow({ id: followerId }, memberId);
        // A locked profile made it a request: the answer waits for its owner (events in index.ts).
        if (state.following) await answer(ctx, memberId, follower, follow, true);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // They follow already: their server lost our Accept, or sent the Follow again.
        if (error.code === 'ALREADY_FOLLOWING') return answer(ctx, memberId, follower, follow, true);
        // A block either way, or too many requests: refused, and their server is told so.
        await deleteRemoteFollow(db, followerId, memberId);
        if (error.code === 'FORBIDDEN' || error.code === 'RATE_LIMITED') {
          return answer(ctx, memberId, follower, follow, false);
        }
        throw error;
      }
    })
    .on(Undo, async (ctx, undo) => {
      if (!undo.actorId) return;
      const undone = await undo.getObject(ctx);
      if (!(undone instanceof Follow) || undone.actorId?.href !== undo.actorId.href) return;
      const memberId = await localMemberNamed(ctx, undone.objectId);
      const follower = await findRemoteActorByUri(db, undo.actorId.href);
      if (!memberId || !follower) return;
      await deleteRemoteFollow(db, follower.user_id, memberId);
      try {
        await deps.follows.unfollow({ id: follower.user_id }, memberId);
      } catch (error) {
        // Undoing what is not there (or no longer) changes nothing.
        if (!(error instanceof AppError)) throw error;
      }
    })
    .onError((_ctx, error) => {
      deps.log.warn({ err: error }, 'an activity from another server could not be handled');
    });
}
