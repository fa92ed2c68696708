import { CompiledQuery, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { createUser } from '../../test/users.ts';
import { deleteActivitiesAbout } from './activity.repository.ts';
import { listActivities } from './feed.repository.ts';

/**
 * The feed's reads go through indexes, never the whole activity log (issue #17): a person's feed
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

async function statementsOf(task: (db: Db) => Promise<unknown>): Promise<CompiledQuery[]> {
  const { db } = t.database.handle;
  const sent: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      sent.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await task(db.withPlugin(recorder));
  return sent;
}

interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PgPlanNode[];
}
const flatten = (node: PgPlanNode): PgPlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** "Seq Scan on activities", "Index Scan on activities_user_created_idx" (PostgreSQL); SQLite's plan lines. */
async function scans(statements: CompiledQuery[]): Promise<string[]> {
  const { db, dialect } = t.database.handle;
  const found: string[] = [];
  if (dialect === 'postgres') {
    await db.connection().execute(async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
      try {
        for (const q of statements) {
          const { rows } = await connection.executeQuery<{ 'QUERY PLAN': [{ Plan: PgPlanNode }] }>(
            CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters]),
          );
          const plan = rows[0]?.['QUERY PLAN'][0].Plan;
          for (const node of plan ? flatten(plan) : []) {
            if (!/Scan$/.test(node['Node Type'])) continue;
            found.push(`${node['Node Type']} on ${node['Index Name'] ?? node['Relation Name']}`);
          }
        }
      } finally {
        await connection.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
      }
    });
    return found;
  }
  for (const q of statements) {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
    );
    found.push(...rows.map((row) => row.detail));
  }
  return found;
}

/** A plan line that reads all of activities or follows. */
const fullScans = (lines: string[]) =>
  lines.filter((line) => /^Seq Scan on (activities|follows)$/.test(line) || /^SCAN (activities|follows)$/.test(line));

describe('the feed reads through indexes', () => {
  it("a person's feed, first and later pages", async () => {
    const statements = await statementsOf(async (db) => {
      await listActivities(db, t.database.handle.dialect, { followerId: userId, limit: 21 });
      await listActivities(db, t.database.handle.dialect, { followerId: userId, after: CURSOR, limit: 21 });
    });
    const lines = await scans(statements);
    expect(fullScans(lines)).toEqual([]);
    if (t.database.handle.dialect === 'postgres') {
      expect(lines).toContain('Index Only Scan on activities_user_created_idx');
    }
  });

  it("everyone's recent activity, first and later pages, and a post's entries removed", async () => {
    const statements = await statementsOf(async (db) => {
      await listActivities(db, t.database.handle.dialect, { limit: 21 });
      await listActivities(db, t.database.handle.dialect, { after: CURSOR, limit: 21 });
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
