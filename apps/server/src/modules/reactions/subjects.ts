import type { DomainErrorCode, Post, SubjectType } from '@liner/shared';
import type { Db } from '../../db/database.ts';
import type { Trx } from '../../db/transaction.ts';

export interface SubjectDescription {
  title: string;
  ownerId: string;
  ownerDisplayName: string;
  listed: boolean;
}

/**
 * What the module that owns a kind of subject (posts, lists) lends to likes and comments: its row
 * lock, its counters and its names. Likes and comments never touch another module's tables.
 */
export interface ReactionSubject {
  type: SubjectType;
  notFound: { code: DomainErrorCode; message: string };
  /**
   * Locks the subject's row until the transaction ends (global lock order, db/locks.ts: after
   * profiles and rating totals) and returns its author, or undefined when it is gone.
   */
  lockOwner(trx: Trx, id: string): Promise<string | undefined>;
  /** Moves its counters by these amounts in the caller's transaction, never below 0. */
  moveCounts(trx: Trx, id: string, change: { likes?: number; comments?: number }): Promise<void>;
  counts(db: Db, id: string): Promise<{ likes: number; comments: number } | undefined>;
  /** Ids of the subjects of this kind the user owns (account deletion). */
  ownedBy(trx: Trx, userId: string): Promise<string[]>;
  /** Whether the viewer may read it (ADR 41); false when it is missing, which must look the same. */
  readableBy(db: Db, id: string, viewerId: string | null): Promise<boolean>;
  /**
   * Titles, owners and whether each is listed publicly (an unlisted list is shown only to its owner),
   * for the bell and the Likes tab: only those the viewer may read.
   */
  describe(ids: readonly string[], viewerId: string | null): Promise<Map<string, SubjectDescription>>;
  /** Posts only: each one the viewer may read, as a card shows it (the Likes tab). */
  cards?(ids: readonly string[], viewerId: string | null): Promise<Map<string, Post>>;
}
