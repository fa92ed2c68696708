import { describe, expect, it } from 'vitest';
import type { Db } from './database.ts';
import { afterCommit, RetryTransaction, withTransaction } from './transaction.ts';

/** A database whose transactions run fn directly: enough to count attempts. */
const fakeDb = {
  transaction: () => ({ execute: (fn: (trx: unknown) => Promise<unknown>) => fn({}) }),
} as unknown as Db;

const failing = (code: string, times: number) => {
  let attempts = 0;
  const fn = async () => {
    attempts += 1;
    if (attempts <= times) throw Object.assign(new Error(code), { code });
    return 'done';
  };
  return { fn, attempts: () => attempts };
};

describe('withTransaction', () => {
  it.each(['40P01', '40001', 'SQLITE_BUSY'])('runs the transaction again after %s', async (code) => {
    const run = failing(code, 2);
    expect(await withTransaction(fakeDb, run.fn)).toBe('done');
    expect(run.attempts()).toBe(3);
  });

  it('gives up on a deadlock after five attempts and on a busy SQLite lock after six', async () => {
    const deadlock = failing('40P01', 100);
    await expect(withTransaction(fakeDb, deadlock.fn)).rejects.toMatchObject({ code: '40P01' });
    expect(deadlock.attempts()).toBe(5);
    const busy = failing('SQLITE_BUSY', 100);
    await expect(withTransaction(fakeDb, busy.fn)).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    expect(busy.attempts()).toBe(6);
  });

  it('runs again on RetryTransaction, and never on other errors', async () => {
    let attempts = 0;
    const retried = await withTransaction(fakeDb, async () => {
      attempts += 1;
      if (attempts === 1) throw new RetryTransaction('test');
      return attempts;
    });
    expect(retried).toBe(2);
    const unique = failing('23505', 1);
    await expect(withTransaction(fakeDb, unique.fn)).rejects.toMatchObject({ code: '23505' });
    expect(unique.attempts()).toBe(1);
  });

  it('runs what waits for the commit after it, once, and never for an attempt that rolled back', async () => {
    const ran: number[] = [];
    let attempts = 0;
    const result = await withTransaction(fakeDb, async (trx) => {
      attempts += 1;
      afterCommit(trx as Db, () => ran.push(attempts));
      if (attempts === 1) throw new RetryTransaction('test');
      expect(ran).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(ran).toEqual([2]);
    const failed: number[] = [];
    await expect(
      withTransaction(fakeDb, async (trx) => {
        afterCommit(trx as Db, () => failed.push(1));
        throw Object.assign(new Error('unique'), { code: '23505' });
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(failed).toEqual([]);
  });

  it('runs at once what is given a database outside a transaction', () => {
    const ran: string[] = [];
    afterCommit(fakeDb, () => ran.push('now'));
    expect(ran).toEqual(['now']);
  });
});
