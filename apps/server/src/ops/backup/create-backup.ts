import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config/env.ts';
import { openDatabase } from '../../db/database.ts';
import { latestAppliedMigration } from '../../db/schema-version.ts';
import { writeArchive } from './archive.ts';
import { describeFile, type FileEntry, formatBytes, onDisk } from './files.ts';
import { linerVersion } from './liner-version.ts';
import { ARCHIVE_PATHS, FORMAT, FORMAT_VERSION, MANIFEST_FILE, type Manifest } from './manifest.ts';
import { type PgTarget, pgDumpCommand, pgToolVersion, runPgDump } from './pg-tools.ts';
import { snapshotSqlite } from './sqlite-snapshot.ts';
import { stageUploads } from './uploads.ts';

export interface BackupOptions {
  config: AppConfig;
  /** The archive to write (absolute). */
  destination: string;
  /** Replace an existing file at `destination`. */
  force: boolean;
  onProgress: (line: string) => void;
}

export interface BackupResult {
  manifest: Manifest;
  archiveBytes: number;
  /** What the operator must know: files left in a bucket, a database left to pg_dump, … */
  notes: string[];
}

/**
 * One archive of a running instance (ADR 27): a consistent copy of the database, the uploaded files
 * on disk and the generated auth secret, with a manifest. Assembled in a directory beside the
 * destination, so uploads are hard-linked rather than copied when they share its file system.
 */
export async function createBackup({ config, destination, force, onProgress }: BackupOptions): Promise<BackupResult> {
  const existing = await stat(destination).catch(() => null);
  if (existing?.isDirectory()) throw new Error(`${destination} is a directory: name the archive file to write`);
  if (existing && !force) {
    throw new Error(`${destination} already exists: choose another name, or add --force to replace it`);
  }
  const staging = await mkdtemp(path.join(path.dirname(destination), '.liner-backup-')).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`The directory ${path.dirname(destination)} does not exist`);
    }
    throw error;
  });
  try {
    const notes: string[] = [];
    const uploadsSource = path.join(config.dataDir, 'uploads');
    const uploadsStaging = onDisk(staging, ARCHIVE_PATHS.uploads);
    const stagedUploads = new Set<string>();
    if (!config.s3) {
      onProgress('uploaded files: collecting…');
      await stageUploads(uploadsSource, uploadsStaging, stagedUploads);
    }

    await mkdir(path.join(staging, 'database'), { recursive: true });
    let database: Manifest['database'];
    let schema: string | null;
    if (config.database.dialect === 'sqlite') {
      onProgress('database: copying (SQLite online backup)…');
      const snapshot = await snapshotSqlite(config.database.file, onDisk(staging, ARCHIVE_PATHS.sqlite));
      onProgress(`database: ${formatBytes(snapshot.bytes)} copied`);
      database = { included: true, path: ARCHIVE_PATHS.sqlite };
      schema = snapshot.schema;
    } else {
      const target: PgTarget = { url: config.database.url, schema: config.database.schema ?? 'public' };
      ({ database, schema } = await dumpPostgres(config, target, staging, onProgress, notes));
    }

    if (config.s3) {
      notes.push(
        `Uploaded files live in the S3 bucket ${config.s3.bucket} and are NOT in this backup: back the bucket up with its own tools (versioning, replication, or a sync to another bucket).`,
      );
    } else {
      // Files added while the database was copied (see stageUploads).
      await stageUploads(uploadsSource, uploadsStaging, stagedUploads);
    }
    const uploads = [...stagedUploads].sort().map((file) => `${ARCHIVE_PATHS.uploads}/${file}`);

    const authSecret = await stageSecret(config, staging, notes);

    onProgress('checksums: computing…');
    const files: FileEntry[] = [];
    const parts = [
      ...(database.included ? [database.path] : []),
      ...uploads,
      ...(authSecret ? [ARCHIVE_PATHS.authSecret] : []),
    ];
    for (const part of parts) files.push(await describeFile(staging, part));
    const uploadBytes = files.filter((f) => f.path.startsWith('uploads/')).reduce((sum, f) => sum + f.size, 0);
    const { version, commit } = linerVersion();
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      linerVersion: version,
      commit,
      createdAt: new Date().toISOString(),
      dialect: config.database.dialect,
      schema,
      database,
      uploads: config.s3
        ? { location: 'bucket', bucket: config.s3.bucket, count: 0, bytes: 0 }
        : { location: 'archive', count: uploads.length, bytes: uploadBytes },
      authSecret,
      files,
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    onProgress('archive: writing…');
    await writeArchive(staging, [MANIFEST_FILE, ...parts], destination);
    return { manifest, archiveBytes: (await stat(destination)).size, notes };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function dumpPostgres(
  config: AppConfig,
  target: PgTarget,
  staging: string,
  onProgress: (line: string) => void,
  notes: string[],
): Promise<{ database: Manifest['database']; schema: string | null }> {
  let database: Manifest['database'];
  const version = pgToolVersion('pg_dump');
  if (version) {
    onProgress(`database: PostgreSQL schema ${target.schema}, dumping with ${version}…`);
    await runPgDump(target, onDisk(staging, ARCHIVE_PATHS.pgDump));
    onProgress(`database: ${formatBytes((await stat(onDisk(staging, ARCHIVE_PATHS.pgDump))).size)} dumped`);
    database = { included: true, path: ARCHIVE_PATHS.pgDump, pgSchema: target.schema };
  } else {
    const command = pgDumpCommand(target, 'liner.pgdump');
    database = { included: false, reason: 'pg_dump was not on PATH', command };
    notes.push(
      `The PostgreSQL database is NOT in this backup: PostgreSQL is backed up with pg_dump, which is not on PATH here. Install PostgreSQL's client tools and run this again, or run (the password from PGPASSWORD or ~/.pgpass):\n    ${command}`,
    );
  }
  // Read after the dump: a migration run meanwhile makes the manifest claim a newer schema than the
  // dump holds, which refuses a restore into code too old, never lets one through.
  const handle = openDatabase(config.database);
  try {
    return { database, schema: await latestAppliedMigration(handle.db, 'postgres') };
  } finally {
    await handle.close();
  }
}

/** The generated DATA_DIR/auth-secret, never AUTH_SECRET from the environment. */
async function stageSecret(config: AppConfig, staging: string, notes: string[]): Promise<boolean> {
  const file = path.join(config.dataDir, 'auth-secret');
  const secret = await readFile(file, 'utf8').catch(() => null);
  if (config.authSecret && config.authSecret !== secret?.trim()) {
    notes.push(
      'AUTH_SECRET is set in the environment and is NOT in this backup: keep it with your deployment settings, or sessions end at a restore.',
    );
  }
  if (secret === null) return false;
  const staged = onDisk(staging, ARCHIVE_PATHS.authSecret);
  await copyFile(file, staged);
  await chmod(staged, 0o600);
  return true;
}
