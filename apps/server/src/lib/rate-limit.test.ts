import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRateLimitStore } from './rate-limit.ts';

describe('the SQLite rate-limit store', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liner-limits-'));
  afterEach(() => {
    vi.useRealTimers();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('forgets expired counts, so rotating addresses cannot grow the file without end', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const store = createRateLimitStore({ database: { dialect: 'sqlite', file: '' }, dataDir });
    const limiter = store.limiter('test', { points: 5, windowSeconds: 60 });
    for (let i = 0; i < 50; i++) expect(await limiter.consume(`10.0.0.${i}`)).toEqual({ ok: true });
    const rows = () => {
      const file = new SqliteDatabase(path.join(dataDir, 'rate-limits.db'));
      try {
        return (file.prepare('select count(*) as n from rate_limits').get() as { n: number }).n;
      } finally {
        file.close();
      }
    };
    expect(rows()).toBe(50);
    vi.advanceTimersByTime(30 * 60_000);
    expect(rows()).toBe(50); // still within the hour of grace
    vi.advanceTimersByTime(60 * 60_000);
    expect(rows()).toBe(0);
    await store.close();
  });
});
