import type { InboxContext, InboxListenerSetters } from '@fedify/fedify';
import {
  Accept,
  type Activity,
  type Actor,
  Announce,
  Block,
  Create,
  Delete,
  Flag,
  Follow,
  isActor,
  Like,
  Note,
  PUBLIC_COLLECTION,
  Reject,
  Undo,
  Update,
} from '@fedify/vocab';
import { COMMENT_MAX, REPORT_TEXT_MAX, REVIEW_MAX, type SubjectType } from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { albumImageUrl } from '../../lib/album-image.ts';
import { AppError } from '../../lib/errors.ts';
import { remoteHtmlToText } from '../../lib/remote-html.ts';
import type { Actor as Member } from '../../plugins/session.ts';
import {
  deleteRemoteFollow,
  deleteRemoteObject,
  findLocalActor,
  findRemoteActorByUri,
  findRemoteFollowByActivity,
  findRemoteObject,
  isRemoteSilenced,
  isSuspendedRemote,
  saveRemoteFollow,
  saveRemoteObject,
} from './federation.repository.ts';
import { INSTANCE_ACTOR } from './handles.ts';
import type { FederationDeps } from './index.ts';
import { albumByMbid, hasLocalFollower } from './object-reads.repository.ts';
import { parseNoteId } from './objects.ts';
import type { RemotePeople } from './remote-people.ts';

const MUSICBRAINZ_RELEASE_GROUP =
  /musicbrainz\.org\/release-group\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;
/** "(4.5/5)": half stars out of five, as liner's Notes end their first line. */
const RATING_OUT_OF_FIVE = /\((0\.5|[1-4](?:\.5)?|5)\/5\)/;

export interface InboxDeps extends FederationDeps {
  people: RemotePeople;
}

/**
 * What liner does with activities other servers deliver (ADR 52). Fedify has already checked the
 * signature (401 otherwise), that the signer is the activity's actor, and that this activity id
 * was not handled before; each listener still ignores (the sender got 202) whatever names
 * something this site does not have.
 */
export function listenToInbox(listeners: InboxListenerSetters<void>, deps: InboxDeps): void {
  const db = deps.database.db;
  const inbox = ignoringSuspendedPeople(listeners, db);

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

  /** The post or list one of our Notes is, whatever generation its address names (ratings are neither). */
  function subjectOf(ctx: InboxContext<void>, uri: URL | null): { type: SubjectType; id: string } | undefined {
    if (!uri) return undefined;
    const parsed = ctx.parseUri(uri);
    if (parsed?.type !== 'object' || parsed.class !== Note) return undefined;
    const note = parseNoteId(parsed.values.noteId ?? '');
    if (!note || note.type === 'rating') return undefined;
    return { type: note.type, id: note.id };
  }

  /** The activity's actor as a member here: known already, or fetched and made one now. */
  async function memberOf(ctx: InboxContext<void>, activity: Activity): Promise<Member | undefined> {
    if (!activity.actorId) return undefined;
    const known = await findRemoteActorByUri(db, activity.actorId.href);
    if (known) return { id: known.user_id, role: 'user' };
    const actor = await activity.getActor(ctx);
    if (!actor || actor.id?.href !== activity.actorId.href) return undefined;
    const id = await deps.people.memberFor(actor);
    return id ? { id, role: 'user' } : undefined;
  }

  /** The follow of ours an Accept or Reject answers, when its sender is the one we asked. */
  async function ourFollowAnswered(answer: Accept | Reject) {
    if (!answer.objectId || !answer.actorId) return undefined;
    const asked = await findRemoteFollowByActivity(db, answer.objectId.href);
    const answerer = await findRemoteActorByUri(db, answer.actorId.href);
    if (!asked || !answerer || asked.following_id !== answerer.user_id) return undefined;
    return asked;
  }

  /** The text of a reply as a comment: no HTML, without the mentions it starts with, within a comment's length. */
  function commentText(note: Note): string {
    const text = remoteHtmlToText(note.content?.toString() ?? '').replace(/^(@[^\s]+\s+)+/u, '');
    return [...text].slice(0, COMMENT_MAX).join('').trim();
  }

  /**
   * A music post of someone members here follow: a Note naming an album we know by its MusicBrainz
   * release group (a link or tag to musicbrainz.org) with stars as "(4.5/5)", as liner writes them.
   * Anything else from them (a Mastodon user's other posts) is not music news, and is left there.
   */
  async function reviewOf(note: Note) {
    const json = JSON.stringify(await note.toJsonLd({ format: 'compact' }));
    const mbid = MUSICBRAINZ_RELEASE_GROUP.exec(json)?.[1];
    const album = mbid ? await albumByMbid(db, mbid.toLowerCase()) : undefined;
    const paragraphs = remoteHtmlToText(note.content?.toString() ?? '').split(/\n{2,}/);
    const stars = RATING_OUT_OF_FIVE.exec(paragraphs[0] ?? '');
    if (!album || !stars) return undefined;
    const tenths = Math.round(Number(stars[1]) * 10);
    // The stars line and a last line that is only the post's own address are liner's wrapping.
    const body = paragraphs.slice(1).filter((part, i, all) => !(i === all.length - 1 && /^https?:\/\/\S+$/.test(part)));
    const content = [...body.join('\n\n')].slice(0, REVIEW_MAX).join('').trim();
    // Stars alone ("Rated … (4/5)") are a rating, not a review: not kept here.
    return content ? { album, tenths, content } : undefined;
  }

  async function receiveReview(create: Create, note: Note): Promise<void> {
    const person = create.actorId && (await findRemoteActorByUri(db, create.actorId.href));
    if (!person || !note.id || !(await hasLocalFollower(db, person.user_id))) return;
    const review = await reviewOf(note);
    const profile = review && (await deps.profiles.findByUserId(person.user_id));
    if (!review || !profile) return;
    const addressed = [...note.toIds, ...note.ccIds].map((id) => id.href);
    const postId = await deps.posts.postRemoteReview({
      userId: person.user_id,
      displayName: profile.display_name,
      album: {
        id: review.album.id,
        name: review.album.title,
        artistName: review.album.artist_name,
        imageUrl: albumImageUrl(review.album.id, review.album.cover_url),
      },
      content: review.content,
      tenths: review.tenths,
      audience: addressed.includes(PUBLIC_COLLECTION.href) ? 'public' : 'followers',
    });
    await saveRemoteObject(db, { uri: note.id.href, userId: person.user_id, kind: 'post', localId: postId });
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
        // Someone silenced (or of a silenced server) asks, as if every profile were locked.
        const asRequest = await isRemoteSilenced(db, followerId);
        const state = await deps.follows.follow({ id: followerId }, memberId, { asRequest });
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
    // Another server answered a member's Follow of one of its people.
    .on(Accept, async (_ctx, accept) => {
      const asked = await ourFollowAnswered(accept);
      if (asked) await quietly(deps.follows.approve({ id: asked.following_id }, asked.follower_id));
    })
    .on(Reject, async (_ctx, reject) => {
      const asked = await ourFollowAnswered(reject);
      if (!asked) return;
      await deleteRemoteFollow(db, asked.follower_id, asked.following_id);
      // Refused before or after it was accepted: a request declined, or a follow ended.
      const declined = await quietly(deps.follows.decline({ id: asked.following_id }, asked.follower_id));
      if (!declined) await quietly(deps.follows.unfollow({ id: asked.follower_id }, asked.following_id));
    })
    // A boost: someone shared a member's note or review with their followers.
    .on(Announce, async (ctx, announce) => {
      const subject = subjectOf(ctx, announce.objectId);
      const member = subject?.type === 'post' ? await memberOf(ctx, announce) : undefined;
      if (subject && member) await deps.posts.boost(member.id, subject.id);
    })
    .on(Like, async (ctx, like) => {
      const subject = subjectOf(ctx, like.objectId);
      const member = subject && (await memberOf(ctx, like));
      if (subject && member) await quietly(deps.reactions.like(member, subject));
    })
    .on(Create, async (ctx, create) => {
      const note = await create.getObject(ctx);
      if (!(note instanceof Note) || !note.id || note.attributionId?.href !== create.actorId?.href) return;
      if (await findRemoteObject(db, note.id.href)) return;
      const subject = subjectOf(ctx, note.replyTargetId);
      if (!subject) {
        await receiveReview(create, note);
        return;
      }
      const member = await memberOf(ctx, create);
      const content = commentText(note);
      if (!member || !content) return;
      const comment = await quietly(deps.reactions.comment(member, subject, { content }));
      if (comment)
        await saveRemoteObject(db, { uri: note.id.href, userId: member.id, kind: 'comment', localId: comment.id });
    })
    .on(Update, async (ctx, update) => {
      const object = await update.getObject(ctx);
      if (!object?.id || !update.actorId) return;
      // A person's new name, bio or inbox.
      if (isActor(object) && object.id.href === update.actorId.href) {
        if (await findRemoteActorByUri(db, object.id.href)) await deps.people.memberFor(object);
        return;
      }
      const known = await findRemoteObject(db, object.id.href);
      const member = known && (await memberOf(ctx, update));
      if (!(object instanceof Note) || !known || !member || known.user_id !== member.id) return;
      if (known.kind === 'post') {
        const review = await reviewOf(object);
        if (review) await deps.posts.editRemoteReview(known.local_id, member.id, review);
        return;
      }
      const content = commentText(object);
      if (content) await quietly(deps.reactions.editComment(member, known.local_id, { content }));
    })
    .on(Delete, async (_ctx, deletion) => {
      const objectId = deletion.objectId;
      if (!objectId || !deletion.actorId) return;
      const person = await findRemoteActorByUri(db, deletion.actorId.href);
      if (!person) return;
      // Their account is gone: so is everything of theirs here, with everyone's counts repaired.
      if (objectId.href === deletion.actorId.href) {
        await quietly(deps.account.deleteAsModerator(person.user_id));
        return;
      }
      const known = await findRemoteObject(db, objectId.href);
      if (!known || known.user_id !== person.user_id) return;
      if (known.kind === 'post') await deps.posts.removeRemotePost(known.local_id, person.user_id);
      else await quietly(deps.reactions.deleteComment({ id: person.user_id, role: 'user' }, known.local_id));
      await deleteRemoteObject(db, objectId.href);
    })
    .on(Block, async (ctx, block) => {
      const memberId = await localMemberNamed(ctx, block.objectId);
      const member = memberId && (await memberOf(ctx, block));
      if (memberId && member) await quietly(deps.safety.block(member, memberId));
    })
    .on(Flag, async (ctx, flag) => {
      // A report names one thing: each of ours the Flag names (a member, a post, a list) is reported.
      const reported: { type: 'post' | 'list' | 'user'; id: string }[] = [];
      for (const objectId of flag.objectIds.slice(0, 20)) {
        const subject = subjectOf(ctx, objectId);
        const memberId = subject ? undefined : await localMemberNamed(ctx, objectId);
        if (subject) reported.push(subject);
        else if (memberId) reported.push({ type: 'user', id: memberId });
      }
      // Only a Flag about something of ours makes its sender a member here.
      const member = reported.length > 0 ? await memberOf(ctx, flag) : undefined;
      if (!member) return;
      const text = [...remoteHtmlToText(flag.content?.toString() ?? '')].slice(0, REPORT_TEXT_MAX).join('').trim();
      for (const subject of reported) {
        await quietly(
          deps.moderation.report(member, {
            subjectType: subject.type,
            subjectId: subject.id,
            reason: 'other',
            text: text || undefined,
          }),
        );
      }
    })
    .on(Undo, async (ctx, undo) => {
      if (!undo.actorId) return;
      const undone = await undo.getObject(ctx);
      if (undone instanceof Announce) {
        const subject = subjectOf(ctx, undone.objectId);
        const person = await findRemoteActorByUri(db, undo.actorId.href);
        if (subject?.type === 'post' && person && undone.actorId?.href === undo.actorId.href) {
          await deps.posts.unboost(person.user_id, subject.id);
        }
        return;
      }
      if (undone instanceof Like || undone instanceof Block) {
        if (undone.actorId?.href !== undo.actorId.href) return;
        const member = await memberOf(ctx, undo);
        if (!member) return;
        if (undone instanceof Like) {
          const subject = subjectOf(ctx, undone.objectId);
          if (subject) await quietly(deps.reactions.unlike(member, subject));
        } else {
          const memberId = await localMemberNamed(ctx, undone.objectId);
          if (memberId) await quietly(deps.safety.unblock(member, memberId));
        }
        return;
      }
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

/**
 * What a service refuses (already liked, not readable, blocked, too many reports) is the end of an
 * activity, not an error: the sender was answered 202, and retrying would be refused again.
 */
async function quietly<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/**
 * Listeners that first drop (the sender still gets 202) every activity of a person of another
 * server an admin suspended here: the suspension stops all they do, as it stops a member's
 * signing in. Every `.on` of the chain is wrapped.
 */
function ignoringSuspendedPeople(listeners: InboxListenerSetters<void>, db: Db): InboxListenerSetters<void> {
  const wrapped: InboxListenerSetters<void> = new Proxy(listeners, {
    get(target, property, receiver) {
      if (property !== 'on') return Reflect.get(target, property, receiver);
      const on: InboxListenerSetters<void>['on'] = (type, listener) => {
        target.on(type, async (ctx, activity) => {
          if (activity.actorId && (await isSuspendedRemote(db, activity.actorId.href))) return;
          await listener(ctx, activity);
        });
        return wrapped;
      };
      return on;
    },
  });
  return wrapped;
}
