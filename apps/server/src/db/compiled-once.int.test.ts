import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { statementsOf } from '../test/query-plans.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Db } from './database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const tracksOf = compiledOnce((db: Db, albumId: string, from: string) =>
  db
    .selectFrom('tracks')
    .select(['id', 'position', 'title'])
    .where('album_id', '=', albumId)
    .where('title', '>=', from)
    .orderBy('position'),
);

const built = (db: Db, albumId: string, from: string) =>
  db
    .selectFrom('tracks')
    .select(['id', 'position', 'title'])
    .where('album_id', '=', albumId)
    .where('title', '>=', from)
    .orderBy('position')
    .execute();

describe('compiledOnce', () => {
  it('answers each call with its own arguments, as the built query does', async () => {
    const { db } = t.database.handle;
    for (const [album, from] of [
      ['miles-davis-kind-of-blue', ''],
      ['miles-davis-kind-of-blue', 'F'],
      ['pink-floyd-the-dark-side-of-the-moon', 'M'],
      ['no-such-album', ''],
    ] as const) {
      expect(await tracksOf(db, album, from)).toEqual(await built(db, album, from));
    }
    expect((await tracksOf(db, 'miles-davis-kind-of-blue', '')).map((track) => track.title)).toContain('So What');
  });

  it('runs inside a transaction on its connection', async () => {
    const { db } = t.database.handle;
    const rows = await db.transaction().execute((trx) => tracksOf(trx, 'miles-davis-kind-of-blue', 'S'));
    expect(rows).toEqual(await built(db, 'miles-davis-kind-of-blue', 'S'));
  });

  it('lets plugins see the query: the query-plan recorder records it', async () => {
    const statements = await statementsOf(t.database.handle, (db) => tracksOf(db, 'miles-davis-kind-of-blue', ''));
    expect(statements).toHaveLength(1);
    expect(statements[0]?.parameters).toEqual(['miles-davis-kind-of-blue', '']);
  });

  it('refuses a query in which an argument is not one bound parameter', async () => {
    const { db } = t.database.handle;
    const twice = compiledOnce((db: Db, id: string) =>
      db.selectFrom('tracks').select('id').where('id', 'in', [id, id]),
    );
    await expect(twice(db, 'x')).rejects.toThrow(/one bound parameter/);
    const literal = compiledOnce((db: Db, id: string) =>
      db.selectFrom('tracks').select('id').where('id', '=', sql.lit(id)),
    );
    await expect(literal(db, 'x')).rejects.toThrow(/one bound parameter/);
  });
});
