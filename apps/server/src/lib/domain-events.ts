import type { SubjectType } from '@liner/shared';
import type { Db } from '../db/database.ts';
import { afterCommit } from '../db/transaction.ts';

/**
 * What a module's writes tell the others (ADR 45). The writer names what happened; it does not know
 * who listens. Each event is published inside the writer's transaction.
 */
export interface DomainEvents {
  /** A person's album rating (ADR 21) moved: a song rating or a chosen one changed. Null: none left. */
  albumRatingChanged: { userId: string; albumId: string; tenths: number | null };
  /** Someone liked, or took back their like of, a post or a list owned by `ownerId`. */
  liked: { actorId: string; ownerId: string; subject: { type: SubjectType; id: string } };
  unliked: { actorId: string; ownerId: string; subject: { type: SubjectType; id: string } };
  /** Someone commented on a post or a list owned by `ownerId`. */
  commented: { actorId: string; ownerId: string; subject: { type: SubjectType; id: string }; commentId: string };
  /** Comments were deleted (by their author, the subject's owner, an admin, or with an account). */
  commentsRemoved: { commentIds: readonly string[] };
  /** Its author changed a comment's words. */
  commentEdited: { actorId: string; ownerId: string; subject: { type: SubjectType; id: string }; commentId: string };
  /** One comment was deleted (by its author, the subject's owner or an admin), its subject staying. */
  commentDeleted: { actorId: string; ownerId: string; subject: { type: SubjectType; id: string }; commentId: string };
  /** A post or a list is being deleted, with its likes and comments. */
  subjectRemoved: { subject: { type: SubjectType; id: string } };
  /** Someone posted a note (`displayName`: theirs when they posted). */
  notePosted: { userId: string; displayName: string; postId: string; title: string };
  /** Someone posted a review of an album with their album rating in tenths of a star. */
  reviewPosted: {
    userId: string;
    displayName: string;
    postId: string;
    album: { id: string; name: string; artistName: string; imageUrl: string };
    tenths: number;
  };
  /** A member asked to follow someone whose server answers later (a person of another server, ADR 53). */
  followRequested: { requesterId: string; targetId: string };
  /** A follow or a follow request ended (unfollowed, withdrawn, or refused by the other's server). */
  followEnded: { followerId: string; followingId: string };
  /** The owner of a locked profile let the requester follow them (one by one, or by unlocking). */
  followRequestApproved: { requesterId: string; ownerId: string };
  /** The owner of a locked profile turned a follow request down. */
  followRequestDeclined: { requesterId: string; ownerId: string };
  /** A note's or review's author edited it (text, title or audience). */
  postEdited: { userId: string; postId: string };
  /** A list's owner changed its title, description, listing or audience. */
  listEdited: { userId: string; listId: string };
  /** Someone made a list that is listed (an unlisted one is news to nobody). */
  listCreated: { userId: string; displayName: string; listId: string; title: string; kind: 'album' | 'song' };
  /** An account is being deleted: published in the deleting transaction, before any of its rows go. */
  accountDeleted: { userId: string };
}

export type DomainEventName = keyof DomainEvents;

type WithinHandler<K extends DomainEventName> = (trx: Db, event: DomainEvents[K]) => Promise<void>;
type AfterHandler<K extends DomainEventName> = (event: DomainEvents[K]) => void | Promise<void>;

/**
 * One small in-process bus. A subscriber says when it must run:
 * - `within`: inside the writer's transaction, in subscription order, before the writer goes on. For
 *   what must commit or fail with the write (a counter, an activity row, a notification): its error
 *   is the writer's error, and the transaction rolls back.
 * - `afterCommit`: once the writer's transaction has committed (db/transaction.ts), never for one
 *   that rolled back. For what may lag and must not fail the write (emptying a cache, later
 *   delivering elsewhere through an outbox): its error is reported, not thrown.
 */
export class DomainEventBus {
  private readonly withinHandlers = new Map<DomainEventName, WithinHandler<never>[]>();
  private readonly afterHandlers = new Map<DomainEventName, AfterHandler<never>[]>();

  constructor(private readonly report: (error: unknown, event: DomainEventName) => void) {}

  within<K extends DomainEventName>(name: K, handler: WithinHandler<K>): void {
    const list = this.withinHandlers.get(name) ?? [];
    list.push(handler as WithinHandler<never>);
    this.withinHandlers.set(name, list);
  }

  afterCommit<K extends DomainEventName>(name: K, handler: AfterHandler<K>): void {
    const list = this.afterHandlers.get(name) ?? [];
    list.push(handler as AfterHandler<never>);
    this.afterHandlers.set(name, list);
  }

  /** Publishes inside the writer's transaction `trx` (or after a write made outside one). */
  async publish<K extends DomainEventName>(trx: Db, name: K, event: DomainEvents[K]): Promise<void> {
    for (const handler of (this.withinHandlers.get(name) ?? []) as WithinHandler<K>[]) await handler(trx, event);
    const after = (this.afterHandlers.get(name) ?? []) as AfterHandler<K>[];
    if (after.length === 0) return;
    afterCommit(trx, () => {
      // Called at once, before the writer's caller goes on (a cache is empty by the time it answers).
      for (const handler of after) {
        try {
          const pending = handler(event);
          if (pending) pending.catch((error: unknown) => this.report(error, name));
        } catch (error) {
          this.report(error, name);
        }
      }
    });
  }

  /** Who listens to what, for the architecture map's check. */
  subscriptions(): { event: DomainEventName; within: number; afterCommit: number }[] {
    const names = new Set([...this.withinHandlers.keys(), ...this.afterHandlers.keys()]);
    return [...names].sort().map((event) => ({
      event,
      within: this.withinHandlers.get(event)?.length ?? 0,
      afterCommit: this.afterHandlers.get(event)?.length ?? 0,
    }));
  }
}
