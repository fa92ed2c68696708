import { USER_ROLES, type UserRole } from '@liner/shared';
import pino from 'pino';
import { setRoleByEmail } from '../auth/auth.repository.ts';
import { createAuth } from '../auth/auth.ts';
import { ConfigError, loadConfig } from '../config/env.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createMailer } from '../lib/mailer.ts';
import { CATALOG_USAGE, CatalogUsageError, catalogCommand } from './catalog.ts';

/** `npm run cli -- <command>`: operator tasks that have no screen. */

const USAGE = `usage:
  npm run cli -- role set <email> <user|admin>
${CATALOG_USAGE}`;

async function withDatabase<T>(task: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const handle = openDatabase(config.database);
  try {
    const mailer = createMailer({ from: config.mailFrom, dataDir: config.dataDir, log });
    await migrateToLatest(handle, createAuth({ config, database: handle, mailer, log }));
    return await task(handle);
  } finally {
    await handle.close();
  }
}

async function setRole(email: string | undefined, role: string | undefined): Promise<void> {
  if (!email || !role || !USER_ROLES.includes(role as UserRole)) throw new UsageError();
  await withDatabase(async ({ db }) => {
    if ((await setRoleByEmail(db, email.trim().toLowerCase(), role)) === 0)
      throw new Error(`No account found with the e-mail ${email}`);
    console.log(`${email} is now ${role === 'admin' ? 'an admin' : 'a user'}`);
  });
}

class UsageError extends Error {}

async function main(args: string[]): Promise<void> {
  const [group, verb, ...rest] = args;
  if (group === 'role' && verb === 'set') return setRole(rest[0], rest[1]);
  if (group === 'catalog') return catalogCommand(verb, rest, withDatabase);
  throw new UsageError();
}

main(process.argv.slice(2)).catch((error) => {
  if (error instanceof UsageError || error instanceof CatalogUsageError) console.error(USAGE);
  else if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
