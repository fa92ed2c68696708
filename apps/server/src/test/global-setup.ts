import pg from 'pg';

/**
 * Test files on PostgreSQL each get a schema. They are dropped here, once, after the whole run:
 * dropping one while another file migrates breaks Kysely's introspection, which lists every schema
 * ('schema … does not exist'). Leftovers of an interrupted run go at the start.
 */
async function dropTestSchemas(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'test\\_%' or nspname like 'shutdown\\_%'",
    );
    for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
  } finally {
    await client.end();
  }
}

export async function setup(): Promise<() => Promise<void>> {
  await dropTestSchemas();
  return dropTestSchemas;
}
