import { spawn, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { childProcessEnv } from '../../config/env.ts';

/**
 * PostgreSQL's own tools, pg_dump and pg_restore, run as child processes: a consistent dump of a
 * live database is their job, and their custom format restores on any newer server (ADR 27).
 */

export interface PgTarget {
  url: string;
  /** The schema holding liner's tables: DATABASE_SCHEMA, or public. */
  schema: string;
}

/** The tool's version line, or null when it is not on PATH. */
export function pgToolVersion(tool: 'pg_dump' | 'pg_restore'): string | null {
  const result = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  return result.stdout.trim();
}

/**
 * The URL without its password, which travels in PGPASSWORD instead: a command line is visible to
 * every user of the machine.
 */
function connection(url: string): { dbname: string; env?: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? childProcessEnv({ PGPASSWORD: password }) : undefined };
}

function dumpArgs(target: PgTarget, file: string): string[] {
  return [
    '--format=custom',
    `--schema=${target.schema}`,
    `--file=${file}`,
    `--dbname=${connection(target.url).dbname}`,
  ];
}

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/** The pg_dump command an operator runs where liner cannot (the password left out of it). */
export function pgDumpCommand(target: PgTarget, file: string): string {
  return ['pg_dump', ...dumpArgs(target, file)].map(shellQuote).join(' ');
}

async function run(tool: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`${tool} failed (exit ${code}): ${Buffer.concat(err).toString('utf8').trim()}`));
    });
  });
}

/** A consistent dump of liner's schema in pg_dump's custom format (one snapshot, however long it takes). */
export async function runPgDump(target: PgTarget, file: string): Promise<void> {
  await run('pg_dump', dumpArgs(target, file), connection(target.url).env);
}

/** The command that restores `file` where liner cannot run pg_restore itself. */
export function pgRestoreCommand(target: PgTarget, file: string): string {
  return ['pg_restore', ...restoreArgs(target), file].map(shellQuote).join(' ');
}

function restoreArgs(target: PgTarget): string[] {
  return [
    // Objects belong to whoever restores, who may not be the role that made the backup.
    '--no-owner',
    '--no-privileges',
    '--no-comments',
    // All or nothing: a failed restore leaves the schema as empty as it was.
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${connection(target.url).dbname}`,
  ];
}

/**
 * Restores a dump into the existing, empty schema of the same name. The dump's own CREATE SCHEMA
 * is left out (pg_restore's list), so it also works for public, which always exists.
 */
export async function runPgRestore(target: PgTarget, file: string, listFile: string): Promise<void> {
  const { env } = connection(target.url);
  const list = await run('pg_restore', ['--list', file], env);
  const withoutSchema = list
    .split('\n')
    .filter((line) => !/^\d+; \d+ \d+ (SCHEMA - |COMMENT - SCHEMA )/.test(line))
    .join('\n');
  await writeFile(listFile, withoutSchema);
  await run('pg_restore', [...restoreArgs(target), `--use-list=${listFile}`, file], env);
}
