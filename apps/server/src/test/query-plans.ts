import { CompiledQuery, type KyselyPlugin } from 'kysely';
import type { DatabaseHandle, Db } from '../db/database.ts';

/**
 * For the query-plan tests (search-plans, feed-plans): the statements a repository call sends, and
 * what each one's plan reads on either dialect.
 */

/** Runs `task` and hands back every statement it sent (EXPLAINs of its own excepted). */
export async function statementsOf(
  handle: DatabaseHandle,
  task: (db: Db) => Promise<unknown>,
): Promise<CompiledQuery[]> {
  const { db } = handle;
  const sent: CompiledQuery[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      sent.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await task(db.withPlugin(recorder));
  // A leading comment (a statement marked PLANNED_EACH_TIME) does not hide an EXPLAIN.
  return sent.filter((q) => !/^\s*(\/\*.*?\*\/\s*)?explain/i.test(q.sql));
}

interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PgPlanNode[];
}

const flatten = (node: PgPlanNode): PgPlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/**
 * What each statement's plan reads: on PostgreSQL "Seq Scan on tracks", "Index Scan on
 * track_search_order", … with seq scans discouraged, so one in a plan means no index can serve
 * the query (not that the planner preferred it on a small table); on SQLite its plan lines
 * ("SCAN tracks", "SEARCH tracks USING INDEX …"). `analyze` runs the statements on PostgreSQL.
 */
export async function scans(
  handle: DatabaseHandle,
  statements: CompiledQuery[],
  options: { analyze?: boolean } = {},
): Promise<string[]> {
  const { db, dialect } = handle;
  const found: string[] = [];
  if (dialect === 'postgres') {
    const explain = options.analyze ? 'explain (analyze, format json)' : 'explain (format json)';
    await db.connection().execute(async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
      try {
        for (const q of statements) {
          const { rows } = await connection.executeQuery<{ 'QUERY PLAN': [{ Plan: PgPlanNode }] }>(
            CompiledQuery.raw(`${explain} ${q.sql}`, [...q.parameters]),
          );
          const plan = rows[0]?.['QUERY PLAN'][0].Plan;
          for (const node of plan ? flatten(plan) : []) {
            // Scans of tables and indexes only, not of a subquery's, a function's or a CTE's rows.
            if (!/Scan$/.test(node['Node Type']) || /Subquery|Function|Values|CTE/.test(node['Node Type'])) continue;
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
