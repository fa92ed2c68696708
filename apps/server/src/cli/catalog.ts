import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { openFileStore } from '../lib/file-store/index.ts';
import {
  createMusicBrainzCatalog,
  generateAlbums,
  type ImportTarget,
  importAlbums,
  importFromMusicBrainz,
  loadSeedCatalog,
  matchCatalog,
  parseCatalogFile,
  type SaveResult,
  withMatchLease,
} from '../modules/catalog/index.ts';
import { progressBar } from './progress-bar.ts';

/** `npm run cli -- catalog …`: import a catalogue file, or generate a large synthetic one. */

export const CATALOG_USAGE = `  npm run cli -- catalog import <file.json>
  npm run cli -- catalog import musicbrainz --artist "<name or MBID>"
  npm run cli -- catalog import musicbrainz --release-group <MBID>
  npm run cli -- catalog match [--limit <count>]
  npm run cli -- catalog generate --albums <count>`;

export class CatalogUsageError extends Error {}

type WithDatabase = <T>(task: (handle: DatabaseHandle) => Promise<T>) => Promise<T>;

function summary({ inserted, updated, skipped }: SaveResult): string {
  return `${inserted} added, ${updated} updated, ${skipped} skipped`;
}

async function importFile(file: string | undefined, withDatabase: WithDatabase): Promise<void> {
  if (!file) throw new CatalogUsageError();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`Cannot read ${file}`);
  }
  // A bad file is refused before anything is written.
  const albums = parseCatalogFile(text, 'seed', path.basename(file));
  await withDatabase(async (handle) => {
    await loadSeedCatalog(handle);
    const result = await importAlbums(handle, albums, {
      mode: 'update',
      batchSize: 500,
      onProgress: progressBar('importing', 'albums'),
    });
    console.log(`${path.basename(file)}: ${summary(result)}`);
  });
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** Albums with their tracks and covers from MusicBrainz, at its pace of one request a second. */
async function importMusicBrainz(args: string[], withDatabase: WithDatabase): Promise<void> {
  const artist = option(args, '--artist');
  const releaseGroup = option(args, '--release-group');
  if (Boolean(artist) === Boolean(releaseGroup)) throw new CatalogUsageError();
  const target: ImportTarget = artist ? { artist } : { releaseGroup: releaseGroup ?? '' };
  const config = loadConfig();
  if (!config.musicbrainz.enabled) throw new Error('MUSICBRAINZ is off: turn it on to import from MusicBrainz');
  await withDatabase(async (handle) => {
    await loadSeedCatalog(handle);
    const log = { warn: (_details: object, message: string) => process.stderr.write(`warning: ${message}\n`) };
    // Covers go where the server reads them: the bucket when S3_BUCKET is set.
    const files = await openFileStore(config, log);
    try {
      const catalog = createMusicBrainzCatalog(config, { database: handle, files, log });
      const result = await importFromMusicBrainz(catalog, target, progressBar('importing', 'albums'));
      for (const failure of result.failed) process.stderr.write(`failed: ${failure.album}: ${failure.error}\n`);
      const who = result.artist ? `${result.artist.name} (${result.artist.id}): ` : '';
      console.log(
        `${who}${result.imported} imported, ${result.present} already present, ${result.empty} without tracks, ${result.failed.length} failed`,
      );
      if (result.failed.length > 0) process.exitCode = 1;
    } finally {
      await files.close();
    }
  });
}

/**
 * Matches the catalogue's albums never looked up to MusicBrainz release groups, with their covers
 * (ADR 31), at one request a second. Resumable: interrupt it and run it again. Asked for by name,
 * so it runs whatever MUSICBRAINZ says; a running server shows the new covers within its read
 * cache's 10 seconds.
 */
async function match(args: string[], withDatabase: WithDatabase): Promise<void> {
  const raw = option(args, '--limit');
  const limit = raw === undefined ? undefined : Number(raw);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) throw new CatalogUsageError();
  const config = loadConfig();
  await withDatabase(async (handle) => {
    await loadSeedCatalog(handle);
    const log = { warn: (_details: object, message: string) => process.stderr.write(`warning: ${message}\n`) };
    const files = await openFileStore(config, log);
    const interrupt = new AbortController();
    const stop = () => interrupt.abort();
    process.once('SIGINT', stop);
    try {
      const catalog = createMusicBrainzCatalog(config, { database: handle, files, log });
      const result = await withMatchLease(catalog, (beforeEach) =>
        matchCatalog(catalog, {
          limit,
          signal: interrupt.signal,
          beforeEach,
          onProgress: progressBar('matching', 'albums'),
          onFailure: (album, error) =>
            process.stderr.write(`\nfailed: ${album.id}: ${error instanceof Error ? error.message : String(error)}\n`),
        }),
      );
      if (!result) {
        throw new Error('Another process is matching the catalogue (a server with MUSICBRAINZ on): try again later');
      }
      const covers = `${result.covers} with a Cover Art Archive cover`;
      console.log(`${result.matched} matched (${covers}), ${result.unmatched} unmatched, ${result.failed} failed`);
      if (result.outage) process.stderr.write('MusicBrainz looks unavailable: run it again later to resume\n');
      if (result.failed > 0 || result.outage) process.exitCode = 1;
      if (interrupt.signal.aborted) {
        process.stderr.write('interrupted: run it again to resume\n');
        process.exitCode = 130;
      }
    } finally {
      process.off('SIGINT', stop);
      await files.close();
    }
  });
}

function parseCount(args: string[]): number {
  const index = args.indexOf('--albums');
  const raw = index >= 0 ? args[index + 1] : args.find((a) => a.startsWith('--albums='))?.slice('--albums='.length);
  const count = Number(raw);
  if (!raw || !Number.isInteger(count) || count < 1 || count > 10_000_000) throw new CatalogUsageError();
  return count;
}

async function generate(args: string[], withDatabase: WithDatabase): Promise<void> {
  const count = parseCount(args);
  await withDatabase(async (handle) => {
    await loadSeedCatalog(handle);
    const started = performance.now();
    const total = await generateAlbums(handle, count, {
      onProgress: progressBar('generating', 'albums'),
      onIndexing: () => process.stderr.write('building search indexes…\n'),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`generated albums: ${summary(total)} in ${seconds} s`);
  });
}

export async function catalogCommand(verb: string | undefined, args: string[], withDatabase: WithDatabase) {
  if (verb === 'import' && args[0] === 'musicbrainz') return importMusicBrainz(args.slice(1), withDatabase);
  if (verb === 'import') return importFile(args[0], withDatabase);
  if (verb === 'generate') return generate(args, withDatabase);
  if (verb === 'match') return match(args, withDatabase);
  throw new CatalogUsageError();
}
