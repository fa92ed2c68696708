import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { scans as planScans, statementsOf as recordStatements } from '../../test/query-plans.ts';
import { createUser } from '../../test/users.ts';
import { deleteActivitiesAbout } from './activity.repository.ts';
import { listActivities } from './feed.repository.ts';

/**
 * The feed's reads go through indexes, never the whole activity log: a person's feed
 * (follows by follower, then each followed person's entries by time), everyone's recent activity
 * (by time), and removing a post's entries (by target). As in search-plans.int.test.ts, seq scans
 * are discouraged on PostgreSQL, so one in a plan means no index can serve the query.
 * `npm run bench:feed` shows the plan PostgreSQL picks at 10,000 people × 100 follows.
 */

let t: TestApp;
let userId = '';
const CURSOR = { createdAt: '2026-01-01T00:00:00.000Z', id: 'm' };

beforeAll(async () => {
  t = await createTestApp();
  userId = (await createUser(t)).id;
});
afterAll(async () => t.close());

// The statements a repository call sends, and what their plans read (test/query-plans.ts).
const statementsOf = (task: (db: Db) => Promise<unknown>) => recordStatements(t.database.handle, task);
const scans = (statements: CompiledQuery[]) => planScans(t.database.handle, statements);

/** A plan line that reads all of activities or follows. */
const fullScans = (lines: string[]) =>
  lines.filter((line) => /^Seq Scan on (activities|follows)$/.test(line) || /^SCAN (activities|follows)$/.test(line));

describe('the feed reads through indexes', () => {
  it("a person's feed, first and later pages", async () => {
    const statements = await statementsOf(async (db) => {
      await listActivities(db, t.database.handle.dialect, { viewerId: userId, followerId: userId, limit: 21 });
      await listActivities(db, t.database.handle.dialect, {
        viewerId: userId,
        followerId: userId,
        after: CURSOR,
        limit: 21,
      });
    });
    const lines = await scans(statements);
    expect(fullScans(lines)).toEqual([]);
    if (t.database.handle.dialect === 'postgres') {
      expect(lines).toContain('Index Only Scan on activities_user_created_idx');
    }
  });

  it("everyone's recent activity, first and later pages, and a post's entries removed", async () => {
    const statements = await statementsOf(async (db) => {
      await listActivities(db, t.database.handle.dialect, { viewerId: null, limit: 21 });
      await listActivities(db, t.database.handle.dialect, { viewerId: userId, after: CURSOR, limit: 21 });
      await deleteActivitiesAbout(db, 'no-such-post');
    });
    const lines = await scans(statements);
    expect(fullScans(lines)).toEqual([]);
    if (t.database.handle.dialect === 'postgres') {
      expect(lines.filter((line) => line.endsWith('on activities_created_idx'))).not.toEqual([]);
      expect(lines.filter((line) => line.endsWith('on activities_target_idx'))).not.toEqual([]);
    }
  });
});
