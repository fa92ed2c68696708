import { AppError } from './errors.ts';

/** The queue is full: answered 503 with a Retry-After header, so the client waits rather than piles on. */
export class BusyError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super('SERVICE_UNAVAILABLE', message, { retryAfterSeconds });
  }
}

export interface WorkQueueOptions {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs allowed to wait for a turn; one more is refused at once with a BusyError. */
  maxWaiting: number;
  /** The BusyError's message and Retry-After. */
  busyMessage: string;
  retryAfterSeconds: number;
}

export interface WorkQueue {
  run<T>(job: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

/**
 * Runs CPU-heavy jobs a few at a time, first come first served. Each native job holds a libuv
 * thread (4 by default) and a core, so without a bound a handful of uploads starves file reads,
 * password hashing and the event loop for everyone else.
 */
export function createWorkQueue(options: WorkQueueOptions): WorkQueue {
  let running = 0;
  const queue: Array<() => void> = [];

  // A finishing job hands its slot straight to the first waiter, so no newcomer slips in between.
  const release = () => {
    const waiter = queue.shift();
    if (waiter) waiter();
    else running -= 1;
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    async run(job) {
      if (running < options.concurrency) {
        running += 1;
      } else {
        if (queue.length >= options.maxWaiting) throw new BusyError(options.busyMessage, options.retryAfterSeconds);
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      try {
        return await job();
      } finally {
        release();
      }
    },
  };
}
