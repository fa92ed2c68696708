import { describe, expect, it } from 'vitest';
import { BusyError, createWorkQueue } from './work-queue.ts';

const options = { concurrency: 2, maxWaiting: 2, busyMessage: 'busy', retryAfterSeconds: 3 };

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('work queue', () => {
  it('runs at most `concurrency` jobs at once, the rest in arrival order', async () => {
    const queue = createWorkQueue(options);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const jobs = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    gates[1]?.resolve();
    await jobs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses a job at once with a BusyError when the waiting line is full', async () => {
    const queue = createWorkQueue(options);
    const gate = deferred();
    const held = Array.from({ length: 4 }, () => queue.run(() => gate.promise));
    const refused = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BusyError);
    expect(refused).toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'busy',
      retryAfterSeconds: 3,
    });
    gate.resolve();
    await Promise.all(held);
  });

  it('frees the slot of a job that fails, and hands it to a waiter before any newcomer', async () => {
    const queue = createWorkQueue({ ...options, concurrency: 1 });
    const order: string[] = [];
    const failing = queue.run(async () => {
      order.push('failing');
      throw new Error('boom');
    });
    const waiter = queue.run(async () => {
      order.push('waiter');
    });
    await expect(failing).rejects.toThrow('boom');
    const newcomer = queue.run(async () => {
      order.push('newcomer');
    });
    expect(queue.running).toBe(1);
    await Promise.all([waiter, newcomer]);
    expect(order).toEqual(['failing', 'waiter', 'newcomer']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });
});
