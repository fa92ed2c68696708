import path from 'node:path';
import { loadConfig } from '../config/env.ts';
import { knownMigrations, schemaStatus } from '../db/schema-version.ts';
import { createBackup } from '../ops/backup/create-backup.ts';
import { formatBytes } from '../ops/backup/files.ts';
import { restoreBackup } from '../ops/backup/restore-backup.ts';

/** `npm run cli -- backup <file>` and `restore <file>` (docs/operations.md, ADR 27). */

export const BACKUP_USAGE = `  npm run cli -- backup <file.tar.gz> [--force]
  npm run cli -- restore <file.tar.gz>`;

export class BackupUsageError extends Error {}

function progress(line: string): void {
  process.stderr.write(`  ${line}\n`);
}

function printNotes(notes: string[]): void {
  for (const note of notes) console.log(`\n${note}`);
}

export async function backupCommand(args: string[]): Promise<void> {
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0]?.startsWith('-')) throw new BackupUsageError();
  const destination = path.resolve(files[0] as string);
  // No secret is generated here: a backup holds the one the server made, or none.
  const config = loadConfig(undefined, { createSecret: false });
  const dialect = config.database.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  console.log(`Backing up ${config.dataDir} (${dialect}) to ${destination}`);
  const started = performance.now();
  const { manifest, archiveBytes, notes } = await createBackup({ config, destination, force, onProgress: progress });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const database = manifest.database.included
    ? `database at schema ${manifest.schema ?? '(none)'}`
    : 'no database (see below)';
  const uploads =
    manifest.uploads.location === 'bucket'
      ? `uploaded files left in the bucket ${manifest.uploads.bucket}`
      : `${manifest.uploads.count} uploaded files (${formatBytes(manifest.uploads.bytes)})`;
  const secret = manifest.authSecret ? 'the auth secret' : 'no auth secret file';
  console.log(
    `Backup written: ${destination}, ${formatBytes(archiveBytes)} in ${seconds} s: ${database}, ${uploads}, ${secret}.`,
  );
  printNotes(notes);
}

export async function restoreCommand(args: string[]): Promise<void> {
  if (args.length !== 1 || args[0]?.startsWith('-')) throw new BackupUsageError();
  const archive = path.resolve(args[0] as string);
  // The directory must stay as the operator left it until the archive is checked.
  const config = loadConfig(undefined, { createSecret: false });
  console.log(`Restoring ${archive} into ${config.dataDir}`);
  const { manifest, notes } = await restoreBackup({ config, archive, onProgress: progress });
  const made = [
    `made ${manifest.createdAt}`,
    manifest.linerVersion ? `by liner ${manifest.linerVersion}` : null,
    manifest.commit ? `at commit ${manifest.commit.slice(0, 12)}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const parts = [
    manifest.database.included ? `the database (schema ${manifest.schema ?? 'none'})` : 'no database',
    manifest.uploads.location === 'archive' ? `${manifest.uploads.count} uploaded files` : null,
    manifest.authSecret ? 'the auth secret' : 'no auth secret',
  ].filter(Boolean);
  console.log(`Restored ${parts.join(', ')} from the backup ${made}.`);
  if (manifest.schema && schemaStatus(manifest.schema) === 'older') {
    console.log(
      `The database is at schema ${manifest.schema}; liner migrates it to ${knownMigrations().at(-1)} when it starts.`,
    );
  }
  printNotes(notes);
  console.log('\nStart liner (npm start) on this DATA_DIR.');
}
