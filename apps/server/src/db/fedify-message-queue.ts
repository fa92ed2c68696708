import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import type { DatabaseHandle, Db } from './database.ts';
import { withTransaction } from './transaction.ts';

/**
 * Fedify's message queue on our database, either dialect (ADR 52, migration 029): deliveries to
 * other servers and received activities wait here, so a slow or dead server never holds a
 * request, and nothing queued is lost to a restart. Any number of listeners, in any number of
 * processes sharing the database, take turns:
 * - a listener claims the oldest ready message for a while (CLAIM_MS), handles it, then deletes it;
 *   a claim left by a process that died runs out and the message is handled again (Fedify's
 *   handling is idempotent: received activities are remembered by id);
 * - a message with an ordering key waits while an older one with that key is waiting or claimed,
 *   so one object's Create, Update and Delete reach a server in that order;
 * - Fedify retries a failed delivery itself, with backoff, by enqueueing it again with a delay.
 */

/** How long a claimed message is the claimant's: longer than any delivery's time-out. */
const CLAIM_MS = 5 * 60_000;
/** How often an idle listener looks for work; an enqueue in the same process wakes it at once. */
const POLL_MS = 1000;

function delayMs(options: MessageQueueEnqueueOptions | undefined): number {
  if (!options?.delay) return 0;
  return Math.max(0, Temporal.Duration.from(options.delay).total({ unit: 'millisecond' }));
}

interface Claimed {
  id: number;
  payload: string;
}

export class KyselyMessageQueue implements MessageQueue {
  /** Fedify retries what fails (re-enqueued with a delay). */
  readonly nativeRetrial = false;
  private readonly db: Db;
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly now: () => number = Date.now,
    /**
     * Messages one listen() handles at once: a delivery mostly waits on another server, so several
     * at a time keep a slow one from holding the rest. Ordering keys still hold across them.
     */
    private readonly workers = 1,
  ) {
    this.db = database.db;
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (messages.length === 0) return;
    const notBefore = new Date(this.now() + delayMs(options)).toISOString();
    await this.db
      .insertInto('fedify_messages')
      .values(
        messages.map((message) => ({
          payload: JSON.stringify(message),
          ordering_key: options?.orderingKey ?? null,
          not_before: notBefore,
        })),
      )
      .execute();
    for (const wake of this.wakers) wake();
  }

  async getDepth(): Promise<{ queued: number; ready: number; delayed: number }> {
    const now = new Date(this.now()).toISOString();
    const row = await this.db
      .selectFrom('fedify_messages')
      .select((eb) => [
        eb.fn.countAll<number>().as('queued'),
        eb.fn.sum<number>(eb.case().when('not_before', '>', now).then(1).else(0).end()).as('delayed'),
      ])
      .executeTakeFirstOrThrow();
    const queued = Number(row.queued);
    const delayed = Number(row.delayed ?? 0);
    return { queued, ready: queued - delayed, delayed };
  }

  /** Handles messages until `signal` aborts; resolves once every worker has stopped. */
  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options?: MessageQueueListenOptions,
  ): Promise<void> {
    await Promise.all(Array.from({ length: this.workers }, () => this.work(handler, options?.signal)));
  }

  /** One worker: claims, handles and deletes messages one after another. */
  private async work(handler: (message: unknown) => Promise<void> | void, signal: AbortSignal | undefined) {
    while (!signal?.aborted) {
      const claimed = await this.claim();
      if (!claimed) {
        await this.idle(signal);
        continue;
      }
      try {
        await handler(JSON.parse(claimed.payload));
      } catch {
        // Fedify reports a failure and enqueues a retry itself; one bad message must not stop
        // the listener, and keeping it would only repeat the failure.
      }
      await this.db.deleteFrom('fedify_messages').where('id', '=', claimed.id).execute();
    }
  }

  /** The oldest ready message no older message with its ordering key holds back, now ours. */
  private async claim(): Promise<Claimed | undefined> {
    return withTransaction(this.db, async (trx) => {
      const now = new Date(this.now()).toISOString();
      const candidate = await trx
        .selectFrom('fedify_messages as m')
        .select(['m.id', 'm.payload'])
        .where('m.not_before', '<=', now)
        .where((eb) => eb.or([eb('m.claimed_until', 'is', null), eb('m.claimed_until', '<', now)]))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('fedify_messages as older')
                .select('older.id')
                .whereRef('older.ordering_key', '=', 'm.ordering_key')
                .whereRef('older.id', '<', 'm.id'),
            ),
          ),
        )
        .orderBy('m.not_before')
        .orderBy('m.id')
        .limit(1)
        .$if(this.database.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked())
        .executeTakeFirst();
      if (!candidate) return undefined;
      await trx
        .updateTable('fedify_messages')
        .set({ claimed_until: new Date(this.now() + CLAIM_MS).toISOString() })
        .where('id', '=', candidate.id)
        .execute();
      return { id: Number(candidate.id), payload: candidate.payload };
    });
  }

  private idle(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, POLL_MS);
      this.wakers.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
