import type { Context } from '@fedify/fedify';
import { Create, Delete, Note, Tombstone, Update } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';
import type { FederatedObjectType } from '../../db/schema.ts';
import type { DomainBlocks } from './domain-blocks.ts';
import { findLocalActor } from './federation.repository.ts';
import type { LinerFederation } from './federation.ts';
import { remoteFollowersOf } from './object-reads.repository.ts';
import { type FederatedObject, loadObject, noteIdOf } from './objects.ts';
import {
  claimChange,
  deleteChange,
  findSentObject,
  type OutboxRow,
  pendingChanges,
  saveSentObject,
} from './outbox.repository.ts';
import { recipientOf } from './recipients.ts';

/** How long a worker holds a change: far longer than reading it and queueing its deliveries. */
const CLAIM_MS = 60_000;
/** How often an idle worker looks for changes another process committed. */
const POLL_MS = 2_000;

/**
 * Tells members' remote followers about their posts, lists and album ratings (ADR 52). Each change
 * committed to federation_outbox is compared with what those servers were last told
 * (federated_objects), and becomes a Create, an Update or a Delete handed to Fedify's queue, which
 * delivers it to each server once (shared inboxes) with retries; the write that made the change
 * never waits for any of this.
 */
export class FederationOutbox {
  private waking: (() => void) | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly federation: LinerFederation,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    private readonly blocks: DomainBlocks,
  ) {}

  /** A change committed in this process: look now rather than at the next poll. */
  wake(): void {
    this.waking?.();
  }

  start(signal: AbortSignal): Promise<void> {
    this.running ??= this.work(signal);
    return this.running;
  }

  private async work(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let change: OutboxRow | undefined;
      try {
        change = await claimChange(this.database, CLAIM_MS);
        if (change) {
          await this.tell(change);
          await deleteChange(this.database.db, change.id);
          continue;
        }
      } catch (error) {
        // The row stays claimed and is taken again once its claim runs out.
        this.log.error({ err: error, change }, 'a change could not be told to other servers');
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        this.waking = () => {
          clearTimeout(timer);
          resolve();
        };
        signal.addEventListener('abort', () => this.waking?.(), { once: true });
      });
      this.waking = undefined;
    }
  }

  /** Once every committed change is told (tests and benchmarks). */
  async drained(timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while ((await pendingChanges(this.database.db)) > 0) {
      if (Date.now() > until) throw new Error('the federation outbox did not drain');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async tell(change: OutboxRow): Promise<void> {
    const db = this.database.db;
    // Only members of this site speak for themselves here; a suspended one is silent.
    if (!(await findLocalActor(db, change.user_id))) return;
    const ctx = this.federation.createContext(new URL(this.publicUrl));
    const now = await loadObject(db, this.publicUrl, change.object_type, change.object_id);
    const audience = now?.audience ?? null;
    const sent = await findSentObject(db, change.object_type, change.object_id);
    const followers = await remoteFollowersOf(db, change.user_id);
    const allowed = await Promise.all(followers.map((follower) => this.blocks.allows(follower.uri)));
    // Nothing goes to a blocked server (its people's follows ended with the block; this covers a race).
    const recipients = followers.filter((_, i) => allowed[i]).map(recipientOf);
    const send = async (activity: Create | Update | Delete) => {
      if (recipients.length === 0) return;
      await ctx.sendActivity({ identifier: change.user_id }, recipients, activity, {
        preferSharedInbox: true,
        // One object's Creates, Updates and Deletes (of every generation) reach each server in order.
        orderingKey: `${change.object_type}:${change.object_id}`,
      });
    };
    const record = (generation: number, told: typeof audience) =>
      saveSentObject(db, {
        type: change.object_type,
        id: change.object_id,
        userId: change.user_id,
        audience: told,
        generation,
      });

    if (sent?.audience) {
      const sentNote = noteUri(ctx, change.object_type, change.object_id, sent.generation);
      if (audience === sent.audience && now) {
        const note = now.note(ctx, sent.generation);
        await send(new Update({ ...envelope(ctx, change.user_id, note, 'update'), object: note }));
        await record(sent.generation, audience);
        return;
      }
      // Gone, or its audience changed: deleted there. Mastodon changes no post's visibility on
      // Update, and refuses a deleted address, so a new audience is a new generation's address.
      const tombstone = new Tombstone({ id: sentNote, deleted: Temporal.Now.instant() });
      await send(
        new Delete({
          id: new URL(`${sentNote.href}#delete`),
          actor: ctx.getActorUri(change.user_id),
          to: sentNoteAudience(ctx, change.user_id, sent.audience),
          object: tombstone,
        }),
      );
      await record(sent.generation, null);
      if (!audience || !now) return;
      await this.create(ctx, now, sent.generation + 1, send, record);
      return;
    }
    if (!audience || !now) return;
    await this.create(ctx, now, sent ? sent.generation + 1 : 0, send, record);
  }

  private async create(
    ctx: Context<void>,
    object: FederatedObject,
    generation: number,
    send: (activity: Create) => Promise<void>,
    record: (generation: number, told: FederatedObject['audience']) => Promise<void>,
  ): Promise<void> {
    const note = object.note(ctx, generation);
    await send(new Create({ ...envelope(ctx, object.userId, note, 'create'), object: note }));
    await record(generation, object.audience);
  }
}

function noteUri(ctx: Context<void>, type: FederatedObjectType, id: string, generation: number): URL {
  return ctx.getObjectUri(Note, { noteId: noteIdOf(type, id, generation) });
}

/** The activity around a Note: its actor and addressing are the Note's, its id the Note's plus what happened when. */
function envelope(ctx: Context<void>, userId: string, note: Note, what: 'create' | 'update') {
  return {
    id: new URL(`${note.id?.href}#${what}-${Date.now().toString(36)}`),
    actor: ctx.getActorUri(userId),
    tos: note.toIds,
    ccs: note.ccIds,
    published: Temporal.Now.instant(),
  };
}

function sentNoteAudience(ctx: Context<void>, userId: string, audience: 'public' | 'followers') {
  return audience === 'public' ? new URL('https://www.w3.org/ns/activitystreams#Public') : ctx.getFollowersUri(userId);
}
