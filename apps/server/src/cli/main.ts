import { USER_ROLES, type UserRole } from '@liner/shared';
import { findUserIdByEmail, setRoleByEmail } from '../auth/auth.repository.ts';
import { ConfigError, loadConfig } from '../config/env.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { BACKUP_USAGE, BackupUsageError, backupCommand, restoreCommand } from './backup.ts';
import { CATALOG_USAGE, CatalogUsageError, catalogCommand } from './catalog.ts';
import { IMPORT_USAGE, ImportUsageError, importCommand } from './import.ts';

/** `npm run cli -- <command>`: operator tasks that have no screen. */

const USAGE = `usage:
  npm run cli -- role set <email> <user|admin>
${CATALOG_USAGE}
${IMPORT_USAGE}
${BACKUP_USAGE}`;

async function withDatabase<T>(task: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const config = loadConfig();
  // Loaded when needed: Better Auth takes a second or two to load, and backup and restore never use it.
  const { migrateToLatest } = await import('../db/migrate.ts');
  const handle = openDatabase(config.database);
  try {
    await migrateToLatest(handle, config);
    return await task(handle);
  } finally {
    await handle.close();
  }
}

async function setRole(email: string | undefined, role: string | undefined): Promise<void> {
  if (!email || !role || !USER_ROLES.includes(role as UserRole)) throw new UsageError();
  await withDatabase(async ({ db }) => {
    const address = email.trim().toLowerCase();
    const userId = await findUserIdByEmail(db, address);
    if (!userId || (await setRoleByEmail(db, address, role)) === 0)
      throw new Error(`No account found with the e-mail ${email}`);
    await forgetSessionCopies(userId);
    console.log(`${email} is now ${role === 'admin' ? 'an admin' : 'a user'}`);
  });
}

/**
 * With Redis, the running servers read sessions (and so the role) from there and keep them a
 * second in memory: drop this person's copies and tell the servers. Without Redis the servers'
 * memory holds the old role for at most that second.
 */
async function forgetSessionCopies(userId: string): Promise<void> {
  const { redis: settings } = loadConfig();
  if (!settings) return;
  const [{ connectRedis }, { authRedis }, { SessionCache, broadcastSessionForgets, withSessionCache }] =
    await Promise.all([
      import('../lib/redis.ts'),
      import('../auth/redis-storage.ts'),
      import('../auth/session-cache.ts'),
    ]);
  const quiet = { warn: () => {}, info: () => {} };
  const redis = await connectRedis(settings.url, settings.keyPrefix, quiet);
  try {
    await redis.connected(3000);
    const cache = new SessionCache();
    broadcastSessionForgets(cache, redis);
    await withSessionCache(authRedis(redis).copies, cache).forgetUser(userId);
  } catch {
    console.warn('Redis did not answer: signed-in sessions keep their old role until they sign in again.');
  } finally {
    await redis.close();
  }
}

class UsageError extends Error {}

async function main(args: string[]): Promise<void> {
  const [group, verb, ...rest] = args;
  if (group === 'role' && verb === 'set') return setRole(rest[0], rest[1]);
  if (group === 'catalog') return catalogCommand(verb, rest, withDatabase);
  if (group === 'import') return importCommand(args.slice(1));
  if (group === 'backup') return backupCommand(args.slice(1));
  if (group === 'restore') return restoreCommand(args.slice(1));
  throw new UsageError();
}

main(process.argv.slice(2)).catch((error) => {
  const usage =
    error instanceof UsageError ||
    error instanceof CatalogUsageError ||
    error instanceof ImportUsageError ||
    error instanceof BackupUsageError;
  if (usage) console.error(USAGE);
  else if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
