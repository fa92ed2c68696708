import { Create, Delete, Like, Note, PUBLIC_COLLECTION, Tombstone, Undo, Update } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import type { DomainEventBus, DomainEvents } from '../../lib/domain-events.ts';
import type { DomainBlocks } from './domain-blocks.ts';
import { findLocalActor, findRemoteActor } from './federation.repository.ts';
import type { LinerFederation } from './federation.ts';
import type { FederationDeps } from './index.ts';
import { commentForFederation, remoteNoteOfPost } from './object-reads.repository.ts';
import { recipientOf } from './recipients.ts';
import { htmlOfText } from './text-html.ts';

/**
 * A member likes or replies to a review of someone of another server: that server is told, so
 * the like counts and the reply shows there (Like, Undo of a Like, Create, Update and Delete of a
 * reply Note).
 */
export function tellAuthorsOfInteractions(
  events: Pick<DomainEventBus, 'afterCommit'>,
  federation: LinerFederation,
  deps: FederationDeps,
  blocks: DomainBlocks,
): void {
  const db = deps.database.db;

  /** The remote review a member acted on, its author, and the member as an actor; none when not. */
  async function across(actorId: string, ownerId: string, subject: { type: string; id: string }) {
    if (subject.type !== 'post') return undefined;
    const [author, note, member] = await Promise.all([
      findRemoteActor(db, ownerId),
      remoteNoteOfPost(db, subject.id),
      findLocalActor(db, actorId),
    ]);
    if (!author || !note || !member || !(await blocks.allows(author.uri))) return undefined;
    const ctx = federation.createContext(new URL(deps.config.publicUrl));
    return { author, note: new URL(note), ctx, actor: ctx.getActorUri(actorId) };
  }

  /** One like per member and review: its id is made from both, so an Undo names the same Like. */
  const likeOf = (actor: URL, note: URL, postId: string) =>
    new Like({ id: new URL(`${actor.href}#likes/${encodeURIComponent(postId)}`), actor, object: note });

  events.afterCommit('liked', async ({ actorId, ownerId, subject }) => {
    const found = await across(actorId, ownerId, subject);
    if (!found) return;
    await found.ctx.sendActivity(
      { identifier: actorId },
      recipientOf(found.author),
      likeOf(found.actor, found.note, subject.id),
    );
  });
  events.afterCommit('unliked', async ({ actorId, ownerId, subject }) => {
    const found = await across(actorId, ownerId, subject);
    if (!found) return;
    const like = likeOf(found.actor, found.note, subject.id);
    await found.ctx.sendActivity(
      { identifier: actorId },
      recipientOf(found.author),
      new Undo({ id: new URL(`${like.id?.href}/undo/${Date.now().toString(36)}`), actor: found.actor, object: like }),
    );
  });
  /** A member's reply as a Note, addressed as the review it answers; its id made from the comment's. */
  const replyId = (actor: URL, commentId: string) => new URL(`${actor.href}#comments/${encodeURIComponent(commentId)}`);
  async function replyOf(found: NonNullable<Awaited<ReturnType<typeof across>>>, commentId: string) {
    const comment = await commentForFederation(db, commentId);
    if (!comment) return undefined;
    const author = new URL(found.author.uri);
    const addressing = comment.audience === 'public' ? { to: author, ccs: [PUBLIC_COLLECTION] } : { to: author };
    const note = new Note({
      id: replyId(found.actor, commentId),
      attribution: found.actor,
      replyTarget: found.note,
      content: htmlOfText(comment.content),
      published: Temporal.Instant.from(new Date(comment.created_at).toISOString()),
      ...addressing,
    });
    return { note, addressing };
  }

  // A reply made, or changed by its author: the review's server shows it (a Create, then Updates).
  const tellOfReply =
    (what: 'create' | 'update') =>
    async ({ actorId, ownerId, subject, commentId }: DomainEvents['commented']) => {
      const found = await across(actorId, ownerId, subject);
      const reply = found && (await replyOf(found, commentId));
      if (!found || !reply) return;
      const values = { actor: found.actor, ...reply.addressing };
      await found.ctx.sendActivity(
        { identifier: actorId },
        recipientOf(found.author),
        what === 'create'
          ? new Create({ ...values, id: new URL(`${reply.note.id?.href}/create`), object: reply.note })
          : new Update({
              ...values,
              id: new URL(`${reply.note.id?.href}/update/${Date.now().toString(36)}`),
              object: reply.note.clone({ updated: Temporal.Now.instant() }),
            }),
      );
    };
  events.afterCommit('commented', tellOfReply('create'));
  events.afterCommit('commentEdited', tellOfReply('update'));
  events.afterCommit('commentDeleted', async ({ actorId, ownerId, subject, commentId }) => {
    const found = await across(actorId, ownerId, subject);
    if (!found) return;
    const id = replyId(found.actor, commentId);
    await found.ctx.sendActivity(
      { identifier: actorId },
      recipientOf(found.author),
      new Delete({
        id: new URL(`${id.href}/delete`),
        actor: found.actor,
        object: new Tombstone({ id, deleted: Temporal.Now.instant() }),
        to: new URL(found.author.uri),
      }),
    );
  });
}
