import type { Transaction } from 'kysely';
import { isDatabaseBusy, isRetryableConflict } from '../lib/db-errors.ts';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

export type Trx = Transaction<Database>;

const afterCommitQueues = new WeakMap<Db, (() => void)[]>();

/**
 * Runs `run` once the transaction `db` belongs to has committed, or at once when `db` is not a
 * transaction of withTransaction's (a write outside one has already committed). Never runs for an
 * attempt that rolled back. `run` must not throw: it is called after the caller's work is done.
 */
export function afterCommit(db: Db, run: () => void): void {
  const queue = afterCommitQueues.get(db);
  if (queue) queue.push(run);
  else run();
}

/** Thrown inside a transaction whose locks turned out not to cover what it must change: run it again. */
export class RetryTransaction extends Error {
  constructor(reason: string) {
    super(`Transaction must be retried: ${reason}`);
  }
}

/** PostgreSQL deadlocks and serialization failures: the loser of a race usually wins the rerun. */
const CONFLICT_ATTEMPTS = 5;
/**
 * Another process holds SQLite's write lock. Each attempt blocks the event loop only for the short
 * busy timeout (database.ts); the awaited pauses in between let other requests run. Six attempts
 * wait out a lock of about half a second; then the caller gets 503 with Retry-After.
 */
const BUSY_ATTEMPTS = 6;

const pause = (attempt: number) => {
  // Full jitter: racers that collided once do not collide again in lockstep.
  const ceiling = Math.min(200, 20 * 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
};

/**
 * Runs fn in one transaction and, when it lost a race (deadlock, serialization failure, busy
 * SQLite lock, RetryTransaction), runs it again a bounded number of times after a short jittered
 * pause outside the transaction. fn may run more than once: it must only do database work on trx.
 */
export async function withTransaction<T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    // What waits for this attempt's commit; a rolled-back attempt's list is dropped with it.
    const committed: (() => void)[] = [];
    try {
      const result = await db.transaction().execute((trx) => {
        afterCommitQueues.set(trx, committed);
        return fn(trx);
      });
      for (const run of committed) run();
      return result;
    } catch (error) {
      const retryable = error instanceof RetryTransaction || isRetryableConflict(error);
      const limit = isDatabaseBusy(error) ? BUSY_ATTEMPTS : CONFLICT_ATTEMPTS;
      if (!retryable || attempt >= limit) throw error;
      await pause(attempt);
    }
  }
}
