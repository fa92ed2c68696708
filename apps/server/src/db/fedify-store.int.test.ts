import { testMessageQueue } from '@fedify/testing';
import { Temporal } from '@js-temporal/polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from './database.ts';
import { KyselyKvStore } from './fedify-kv-store.ts';
import { KyselyMessageQueue } from './fedify-message-queue.ts';

/** Fedify's store and queue on our database (ADR 52), on whichever dialect the suite runs. */
let database: TestDatabase;
let other: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  // A second connection to the same database: another process's queue.
  other = database.openAnother();
});
afterAll(async () => {
  await other.close();
  await database.dispose();
});

describe('KyselyKvStore', () => {
  it('keeps, replaces, forgets and lists values by key path', async () => {
    const kv = new KyselyKvStore(database.handle);
    await kv.set(['_fedify', 'remoteDocument', 'https://a.example/1'], { id: 1 });
    await kv.set(['_fedify', 'remoteDocument', 'https://a.example/2'], ['two']);
    await kv.set(['_fedify', 'remoteDocumentary'], 'not under the prefix');
    await kv.set(['_fedify', 'publicKey', 'https://a.example/1#main-key'], 'key');
    expect(await kv.get(['_fedify', 'remoteDocument', 'https://a.example/1'])).toEqual({ id: 1 });
    await kv.set(['_fedify', 'remoteDocument', 'https://a.example/1'], { id: 'one' });
    expect(await kv.get(['_fedify', 'remoteDocument', 'https://a.example/1'])).toEqual({ id: 'one' });
    expect(await kv.get(['_fedify', 'nothing'])).toBeUndefined();

    const listed = [];
    for await (const entry of kv.list(['_fedify', 'remoteDocument'])) listed.push(entry);
    expect(listed).toEqual([
      { key: ['_fedify', 'remoteDocument', 'https://a.example/1'], value: { id: 'one' } },
      { key: ['_fedify', 'remoteDocument', 'https://a.example/2'], value: ['two'] },
    ]);

    await kv.delete(['_fedify', 'remoteDocument', 'https://a.example/1']);
    expect(await kv.get(['_fedify', 'remoteDocument', 'https://a.example/1'])).toBeUndefined();
    const all = [];
    for await (const entry of kv.list()) all.push(entry.key);
    expect(all).toContainEqual(['_fedify', 'remoteDocumentary']);
  });

  it('forgets an entry once its time is up, and sweeps it away', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const kv = new KyselyKvStore(database.handle, () => now);
    await kv.set(['ttl', 'nonce'], 'n1', { ttl: Temporal.Duration.from({ minutes: 5 }) });
    now += 4 * 60_000;
    expect(await kv.get(['ttl', 'nonce'])).toBe('n1');
    now += 2 * 60_000;
    expect(await kv.get(['ttl', 'nonce'])).toBeUndefined();
    const listed = [];
    for await (const entry of kv.list(['ttl'])) listed.push(entry);
    expect(listed).toEqual([]);
    expect(await kv.deleteExpired()).toBeGreaterThanOrEqual(1);
  });

  it('swaps a value only when it holds the expected one, and once under a race', async () => {
    const kv = new KyselyKvStore(database.handle);
    const key = ['cas', 'counter'] as const;
    expect(await kv.cas(key, undefined, { n: 1 })).toBe(true);
    expect(await kv.cas(key, { n: 2 }, { n: 3 })).toBe(false);
    expect(await kv.get(key)).toEqual({ n: 1 });
    const racers = [new KyselyKvStore(database.handle), new KyselyKvStore(other)];
    const results = await Promise.all(racers.map((store) => store.cas(key, { n: 1 }, { n: 2 })));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await kv.get(key)).toEqual({ n: 2 });
  });
});

describe('KyselyMessageQueue', () => {
  it("passes Fedify's own test of a message queue, ordering keys included, across two connections", async () => {
    const queues = [new KyselyMessageQueue(database.handle), new KyselyMessageQueue(other)];
    let next = 0;
    await testMessageQueue(
      () => queues[next++ % 2] as KyselyMessageQueue,
      async ({ controller }) => controller.abort(),
      { testOrderingKey: true },
    );
    expect(await queues[0]?.getDepth()).toEqual({ queued: 0, ready: 0, delayed: 0 });
  }, 120_000);

  it('passes it with several workers a listener, and handles messages without an ordering key side by side', async () => {
    const queues = [new KyselyMessageQueue(database.handle, Date.now, 3), new KyselyMessageQueue(other, Date.now, 3)];
    let next = 0;
    await testMessageQueue(
      () => queues[next++ % 2] as KyselyMessageQueue,
      async ({ controller }) => controller.abort(),
      { testOrderingKey: true },
    );

    const queue = new KyselyMessageQueue(database.handle, Date.now, 4);
    await queue.enqueueMany([1, 2, 3, 4]);
    let running = 0;
    let most = 0;
    const controller = new AbortController();
    let done = 0;
    await queue.listen(
      async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 200));
        running--;
        if (++done === 4) controller.abort();
      },
      { signal: controller.signal },
    );
    expect(most).toBeGreaterThan(1);
  }, 120_000);

  it('keeps listening after a handler throws, and drops that message', async () => {
    const queue = new KyselyMessageQueue(database.handle);
    await queue.enqueue({ deliver: 'to a.example' });
    const handled: unknown[] = [];
    const controller = new AbortController();
    const listening = queue.listen(
      async (message) => {
        handled.push(message);
        if (handled.length === 1) throw new Error('a.example is down');
        controller.abort();
      },
      { signal: controller.signal },
    );
    await queue.enqueue({ deliver: 'to b.example' });
    await listening;
    expect(handled).toEqual([{ deliver: 'to a.example' }, { deliver: 'to b.example' }]);
    expect(await queue.getDepth()).toMatchObject({ queued: 0 });
  });

  it('hands a message whose listener died to another once its claim runs out', async () => {
    let now = Date.now();
    const clock = () => now;
    const dead = new KyselyMessageQueue(database.handle, clock);
    await dead.enqueue({ deliver: 'to c.example' });
    let claimed = false;
    // A handler that never finishes: its process died holding the message.
    void dead.listen(() => {
      claimed = true;
      return new Promise<void>(() => {});
    });
    while (!claimed) await new Promise((resolve) => setTimeout(resolve, 20));

    const survivor = new KyselyMessageQueue(other, clock);
    const early: unknown[] = [];
    const first = new AbortController();
    const waiting = survivor.listen((message) => void early.push(message), { signal: first.signal });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    first.abort();
    await waiting;
    expect(early).toEqual([]);

    now += 6 * 60_000;
    const again: unknown[] = [];
    const second = new AbortController();
    await survivor.listen(
      (message) => {
        again.push(message);
        second.abort();
      },
      { signal: second.signal },
    );
    expect(again).toEqual([{ deliver: 'to c.example' }]);
    expect(await survivor.getDepth()).toMatchObject({ queued: 0 });
  });
});
