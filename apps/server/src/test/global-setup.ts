import { buildTemplate, TEMPLATE_ENV, withAdminClient } from './template-database.ts';

/**
 * Builds the run's template database (test/template-database.ts) before any file starts. On
 * PostgreSQL, test files each get a database, and server processes a schema, named after the run
 * (`test_<pid>_…`, the pid of the Vitest process that owns it). A run drops its own once, after all
 * its files. At the start it drops only leftovers of runs whose process is gone, so two runs at once
 * (two terminals, two developers on one database) never pull tables from under each other.
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

/** The run's schemas (server processes' databases) and databases (test files' copies of the template). */
async function dropLeftovers(which: (owner: number | null) => boolean): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  await withAdminClient(url, async (client) => {
    const owner = (name: string) => {
      const pid = /^(?:test|shutdown)_(\d+)_/.exec(name)?.[1];
      return pid ? Number(pid) : null;
    };
    const schemas = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname like 'test\\_%' or nspname like 'shutdown\\_%'",
    );
    for (const { nspname } of schemas.rows) {
      if (which(owner(nspname))) await client.query(`drop schema if exists "${nspname}" cascade`);
    }
    const databases = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'test\\_%' and datname <> current_database()",
    );
    for (const { datname } of databases.rows) {
      if (which(owner(datname))) await client.query(`drop database if exists "${datname}" with (force)`);
    }
  });
}

export async function setup(): Promise<() => Promise<void>> {
  process.env[RUN_ENV] = String(process.pid);
  await dropLeftovers((owner) => owner === null || (owner !== process.pid && !isAlive(owner)));
  const { template, remove } = await buildTemplate(String(process.pid));
  process.env[TEMPLATE_ENV] = template;
  return async () => {
    await dropLeftovers((owner) => owner === process.pid);
    await remove();
  };
}
