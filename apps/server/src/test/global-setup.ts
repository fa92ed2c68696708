import pg from 'pg';

/**
 * Test files on PostgreSQL each get a schema named after the run (`test_<pid>_…`, the pid of the
 * Vitest process that owns it). A run drops its own schemas once, after all its files. (Dropping
 * them file by file used to break other files' migrations while Kysely's introspection read every
 * schema; it now reads one, db/one-schema-dialect.ts.) At the start it drops only leftovers of runs
 * whose process is gone, so two runs at once (two terminals, two developers on one database) never
 * pull tables from under each other.
 */
export const RUN_ENV = 'LINER_TEST_RUN';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function dropSchemas(which: (owner: number | null) => boolean): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'test\\_%' or nspname like 'shutdown\\_%'",
    );
    for (const { nspname } of rows) {
      const owner = /^(?:test|shutdown)_(\d+)_/.exec(nspname)?.[1];
      if (which(owner ? Number(owner) : null)) await client.query(`drop schema if exists "${nspname}" cascade`);
    }
  } finally {
    await client.end();
  }
}

export async function setup(): Promise<() => Promise<void>> {
  process.env[RUN_ENV] = String(process.pid);
  await dropSchemas((owner) => owner === null || (owner !== process.pid && !isAlive(owner)));
  return () => dropSchemas((owner) => owner === process.pid);
}
