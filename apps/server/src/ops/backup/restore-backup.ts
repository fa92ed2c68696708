import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config/env.ts';
import { openDatabase } from '../../db/database.ts';
import { knownMigrations, schemaStatus } from '../../db/schema-version.ts';
import { extractArchive } from './archive.ts';
import { onDisk } from './files.ts';
import { ARCHIVE_PATHS, MANIFEST_FILE, type Manifest, parseManifest, verifyFiles } from './manifest.ts';
import { prepareSchema } from './pg-target.repository.ts';
import { type PgTarget, pgRestoreCommand, pgToolVersion, runPgRestore } from './pg-tools.ts';
import { occupiedBy } from './restore-target.ts';

export interface RestoreOptions {
  config: AppConfig;
  /** The archive to restore (absolute). */
  archive: string;
  onProgress: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** What the operator must still do or know. */
  notes: string[];
}

/**
 * Restores an archive of createBackup into an empty DATA_DIR (and empty PostgreSQL schema). Nothing
 * is written until the target is found empty and the archive whole, of a schema this code knows and
 * of the configured dialect.
 */
export async function restoreBackup({ config, archive, onProgress }: RestoreOptions): Promise<RestoreResult> {
  if (!existsSync(archive)) throw new Error(`There is no file ${archive}`);
  const occupied = await occupiedBy(config);
  if (occupied.length > 0) {
    throw new Error(
      `Refusing to restore: ${config.dataDir} already holds ${occupied.join(', ')}. A restore never overwrites an instance: restore into an empty DATA_DIR${config.database.dialect === 'postgres' ? ' and an empty DATABASE_SCHEMA' : ''}, or move these away first.`,
    );
  }
  const createdDataDir = !existsSync(config.dataDir);
  await mkdir(config.dataDir, { recursive: true });
  // Inside DATA_DIR, so putting each part in place is a rename on one file system.
  const staging = await mkdtemp(path.join(config.dataDir, '.restore-'));
  let restored = false;
  try {
    onProgress(`checking ${path.basename(archive)}…`);
    await extractArchive(archive, staging);
    const manifest = parseManifest(
      await readFile(path.join(staging, MANIFEST_FILE), 'utf8').catch(() => null),
      path.basename(archive),
    );
    await verifyFiles(staging, manifest, path.basename(archive));
    checkSchema(manifest, archive);
    const pgTarget = checkDialect(manifest, config, archive);
    onProgress(`archive: ${manifest.files.length} files, checksums match`);

    const notes: string[] = [];
    if (pgTarget && manifest.database.included) {
      const dump = onDisk(staging, manifest.database.path);
      if (pgToolVersion('pg_restore')) {
        onProgress(`database: restoring into the PostgreSQL schema ${pgTarget.schema} with pg_restore…`);
        const handle = openDatabase(config.database);
        try {
          await prepareSchema(handle.db, pgTarget.schema);
        } finally {
          await handle.close();
        }
        await runPgRestore(pgTarget, dump, path.join(staging, 'restore.list'));
      } else {
        const kept = path.join(config.dataDir, 'liner.pgdump');
        await rename(dump, kept);
        notes.push(
          `pg_restore is not on PATH, so the database is NOT restored yet. Install PostgreSQL's client tools and restore it into the empty schema ${pgTarget.schema} (the password from PGPASSWORD or ~/.pgpass), then delete the dump:\n    ${pgRestoreCommand(pgTarget, kept)}`,
        );
      }
    } else if (pgTarget && !manifest.database.included) {
      notes.push(
        `This backup holds no database (${manifest.database.reason} when it was made): restore the dump made with\n    ${manifest.database.command}\n  using pg_restore into the empty schema ${pgTarget.schema}.`,
      );
    }

    if (manifest.authSecret) {
      const secret = path.join(config.dataDir, 'auth-secret');
      await rename(onDisk(staging, ARCHIVE_PATHS.authSecret), secret);
      await chmod(secret, 0o600);
      // loadConfig left no file, so a secret it found came from the environment.
      if (config.authSecret) {
        notes.push(
          'AUTH_SECRET is set in the environment and takes precedence over the restored auth-secret: sessions from before the backup stay valid only if it has the value it had then.',
        );
      }
    }
    if (manifest.uploads.location === 'archive' && manifest.uploads.count > 0) {
      const uploads = path.join(config.dataDir, 'uploads');
      // Empty (occupiedBy found no file in it): at most empty folders.
      await rm(uploads, { recursive: true, force: true });
      await rename(onDisk(staging, ARCHIVE_PATHS.uploads), uploads);
      if (config.s3) {
        notes.push(
          `S3_BUCKET is set, but this backup's files were on disk: they are now in ${uploads}; copy them into the bucket ${config.s3.bucket} under the same names.`,
        );
      }
    } else if (manifest.uploads.location === 'bucket') {
      notes.push(
        `Uploaded files were not in this backup: they are in the S3 bucket ${manifest.uploads.bucket}. Point S3_BUCKET and the S3_* settings at it.`,
      );
    }
    if (config.database.dialect === 'sqlite' && manifest.database.included) {
      // Last: a database file in DATA_DIR means the restore finished.
      await rename(onDisk(staging, manifest.database.path), config.database.file);
    }
    restored = true;
    return { manifest, notes };
  } finally {
    await rm(staging, { recursive: true, force: true });
    if (!restored && createdDataDir) await rm(config.dataDir, { recursive: true, force: true });
  }
}

function checkSchema(manifest: Manifest, archive: string): void {
  if (manifest.schema === null) return;
  const status = schemaStatus(manifest.schema);
  const latest = knownMigrations().at(-1);
  if (status === 'newer') {
    throw new Error(
      `${path.basename(archive)} holds a database at schema ${manifest.schema}, newer than this liner knows (${latest}): upgrade liner first, then restore.`,
    );
  }
  if (status === 'unknown') {
    throw new Error(
      `${path.basename(archive)} holds a database at schema ${manifest.schema}, which this liner does not know: restore it with the liner that made it${manifest.commit ? ` (commit ${manifest.commit})` : ''}.`,
    );
  }
}

/** The archive's dialect is the configured one; on PostgreSQL, the target (same schema name). */
function checkDialect(manifest: Manifest, config: AppConfig, archive: string): PgTarget | null {
  const name = path.basename(archive);
  if (manifest.dialect === 'sqlite') {
    if (config.database.dialect !== 'sqlite') {
      throw new Error(
        `${name} holds a SQLite database, but DATABASE_URL is set: unset it to restore this backup (a backup does not move data between SQLite and PostgreSQL).`,
      );
    }
    return null;
  }
  if (config.database.dialect !== 'postgres') {
    throw new Error(
      `${name} holds a PostgreSQL database: set DATABASE_URL${manifest.database.included && manifest.database.pgSchema !== 'public' ? ` and DATABASE_SCHEMA=${manifest.database.pgSchema}` : ''} to restore it.`,
    );
  }
  const target: PgTarget = { url: config.database.url, schema: config.database.schema ?? 'public' };
  if (manifest.database.included && manifest.database.pgSchema !== target.schema) {
    throw new Error(
      `${name} holds the PostgreSQL schema ${manifest.database.pgSchema}, and pg_restore cannot rename a schema: set DATABASE_SCHEMA=${manifest.database.pgSchema}${manifest.database.pgSchema === 'public' ? ' (or leave it unset)' : ''} to restore it.`,
    );
  }
  return target;
}
