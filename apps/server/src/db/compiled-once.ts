import type { Compilable, CompiledQuery, DialectAdapter } from 'kysely';
import type { Db } from './database.ts';

/**
 * Kysely builds an immutable tree for every query and compiles it to SQL on every call, though a
 * repository's SQL never changes: 14 % of the album page's time on a cache miss (100,000 albums,
 * SQLite, `npm run bench:profile`). A query made with compiledOnce is built from stand-in
 * arguments and compiled once per dialect; each call runs that SQL with its own arguments in their
 * places.
 *
 * Only for a query whose shape does not depend on its arguments' values, and in which each
 * argument becomes exactly one bound parameter (a string compared or inserted; no lists, no
 * `sql.lit`): the first compile checks that, and refuses the query otherwise.
 *
 * A database handle with plugins (the query-plan tests' recorder) gets the query built and
 * compiled as usual, so every plugin sees it.
 */
export function compiledOnce<Args extends string[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const byDialect = new WeakMap<DialectAdapter, CompiledQuery<Row>>();
  let runs = 0;
  return async (db, ...args) => {
    const executor = db.getExecutor();
    if (executor.plugins.length > 0) return (await db.executeQuery(build(db, ...args))).rows;
    let compiled = byDialect.get(executor.adapter);
    if (!compiled) {
      compiled = compileWithStandIns(db, build, args.length);
      byDialect.set(executor.adapter, compiled);
    }
    const parameters = compiled.parameters.map((value) => {
      const index = standInIndex(value);
      return index === undefined ? value : args[index];
    });
    runs += 1;
    // A fresh id per run: plugins and drivers may keep state by it.
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters, queryId: { queryId: `once-${runs}` } });
    return rows;
  };
}

const STAND_IN = '\u0000compiled-once-argument:';

function standInIndex(value: unknown): number | undefined {
  return typeof value === 'string' && value.startsWith(STAND_IN) ? Number(value.slice(STAND_IN.length)) : undefined;
}

function compileWithStandIns<Args extends string[], Row>(
  db: Db,
  build: (db: Db, ...args: Args) => Compilable<Row>,
  count: number,
): CompiledQuery<Row> {
  const standIns = Array.from({ length: count }, (_, i) => `${STAND_IN}${i}`) as Args;
  const compiled = build(db, ...standIns).compile();
  const seen = compiled.parameters.map(standInIndex).filter((index) => index !== undefined);
  if (seen.length !== count || new Set(seen).size !== count || compiled.sql.includes(STAND_IN)) {
    throw new Error(`compiledOnce: each argument must be one bound parameter (${compiled.sql})`);
  }
  return compiled;
}
