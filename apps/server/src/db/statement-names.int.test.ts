import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { withTransaction } from './transaction.ts';

/**
 * PostgreSQL: statements run often are prepared once per connection (statement-names.ts), and a
 * table altered under a prepared statement by another process's migration does not break it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
    await sql`create table named_probe (id integer primary key, label text)`.execute(database.handle.db);
    await sql`insert into named_probe values (1, 'one'), (2, 'two')`.execute(database.handle.db);
  });
  afterAll(async () => database.dispose());

  const read = (id: number) =>
    database.handle.db.connection().execute(async (connection) => {
      const { rows } = await sql<Record<string, unknown>>`select * from named_probe where id = ${id}`.execute(
        connection,
      );
      const prepared = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(connection);
      return { rows, prepared: prepared.rows.map((row) => row.name) };
    });

  it('prepares a repeated statement once and answers it the same', async () => {
    await read(1);
    const { rows, prepared } = await read(2);
    expect(rows).toEqual([{ id: 2, label: 'two' }]);
    expect(prepared.some((name) => name.startsWith('liner_'))).toBe(true);
  });

  it('answers with the new columns after another process alters the table', async () => {
    for (let i = 0; i < 6; i++) await read(1);
    // As another instance's migration would, on a connection of its own.
    const other = database.openAnother();
    try {
      await sql`alter table named_probe add column added text default 'new'`.execute(other.db);
    } finally {
      await other.close();
    }
    const { rows } = await read(1);
    expect(rows).toEqual([{ id: 1, label: 'one', added: 'new' }]);
    expect((await read(2)).rows).toEqual([{ id: 2, label: 'two', added: 'new' }]);
  });

  it('inside a transaction, a stale plan makes withTransaction run it again, planned afresh', async () => {
    for (let i = 0; i < 6; i++) await read(1);
    const other = database.openAnother();
    try {
      await sql`alter table named_probe add column later integer default 7`.execute(other.db);
    } finally {
      await other.close();
    }
    let attempts = 0;
    const rows = await withTransaction(database.handle.db, async (trx) => {
      attempts += 1;
      return (await sql`select * from named_probe where id = ${1}`.execute(trx)).rows;
    });
    expect(rows).toEqual([{ id: 1, label: 'one', added: 'new', later: 7 }]);
    expect(attempts).toBe(2);
  });
});
