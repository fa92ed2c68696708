import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { IMPORT_MAX_BYTES, IMPORT_SOURCES, IMPORT_TOO_LARGE, type ImportSource, todayUtc } from '@liner/shared';
import { findUserIdByEmail } from '../auth/auth.repository.ts';
import { loadConfig } from '../config/env.ts';
import { progressBar } from './progress-bar.ts';

/**
 * `npm run cli -- import <source> <file> --user <email>`: the same import as the web page's,
 * read here with a progress bar instead of by the server's background reader. The app
 * is built (not started) so the rows go through the same services; the job is leased to this
 * process from its first moment, so a running server does not read it too. Interrupted, it is left
 * for the server, which takes it up where it stopped.
 */

export const IMPORT_USAGE = `  npm run cli -- import <${IMPORT_SOURCES.join('|')}> <file> --user <email>`;

export class ImportUsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

export async function importCommand(args: string[]): Promise<void> {
  const [source, file] = args;
  const email = option(args, '--user');
  if (!source || !IMPORT_SOURCES.includes(source as ImportSource) || !file || !email) throw new ImportUsageError();
  let bytes: Buffer;
  try {
    if (statSync(file).size > IMPORT_MAX_BYTES) throw new Error(IMPORT_TOO_LARGE);
    bytes = readFileSync(file);
  } catch (error) {
    throw error instanceof Error && error.message === IMPORT_TOO_LARGE ? error : new Error(`Cannot read ${file}`);
  }
  // A file of another kind is refused before the app is built (seconds): the server reads it again.
  const { ImportFormatError, parsers } = await import('../modules/imports/index.ts');
  try {
    parsers[source as ImportSource](bytes, { today: todayUtc() });
  } catch (error) {
    if (error instanceof ImportFormatError) throw new Error(error.message);
    throw error;
  }
  const config = loadConfig();
  // Loaded when needed: the app brings Better Auth and every module, which the other commands never use.
  const { buildApp } = await import('../app.ts');
  const app = await buildApp(config, { logger: false });
  const interrupt = new AbortController();
  const stop = () => interrupt.abort();
  process.once('SIGINT', stop);
  try {
    await app.ready();
    const userId = await findUserIdByEmail(app.database.db, email.trim().toLowerCase());
    if (!userId) throw new Error(`No account found with the e-mail ${email}`);
    const { service, worker } = app.imports;
    const job = await service.start(
      userId,
      { source: source as ImportSource, fileName: path.basename(file), bytes },
      worker.newLease(),
    );
    const outcome = await worker.runJob(job.id, {
      signal: interrupt.signal,
      onProgress: progressBar('importing', 'rows'),
    });
    const end = await service.jobOf(userId, job.id);
    console.log(
      `${end.fileName}: ${end.matched} imported, ${end.unmatched} to resolve, ${end.errors} could not be read` +
        (end.unmatched > 0 ? ` (resolve them at ${config.publicUrl}/import)` : ''),
    );
    if (outcome !== 'done') {
      process.stderr.write('interrupted: the server imports the rest when it runs\n');
      process.exitCode = 130;
    }
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error) throw new Error(error.message);
    throw error;
  } finally {
    process.off('SIGINT', stop);
    await app.close();
  }
}
