import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ALBUM_TYPES, genreSlug, parseDuration } from '@liner/shared';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.ts';
import { REPO_ROOT } from '../../lib/repo-root.ts';
import { hasAlbums, readSeedVersion, seedAlbumIds, writeSeedVersion } from './catalog.repository.ts';
import { type CatalogAlbumInput, MAX_TRACKS } from './catalog.rows.ts';
import { type SaveResult, saveAlbums } from './catalog-writes.repository.ts';

/**
 * The catalogue file format (the bundled seed and `npm run cli -- catalog import`):
 * { "albums": [{ "id", "title", "artist", "releaseDate", "genre", "popularity",
 *                "type", "genres": [main, …], "mbid", "artistMbid",
 *                "tracks": [{ "title", "duration": "m:ss", "mbid" }] }] }
 * type is a MusicBrainz primary type (album, ep, single, live, compilation; album when absent);
 * genres lists the main genre first (absent: genre alone); the MusicBrainz ids are optional.
 */

export const SEED_DIR = path.join(REPO_ROOT, 'apps/server/seed/catalog');

function isRealDate(text: string): boolean {
  const [year, month = 1, day = 1] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 0, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const MBID = z
  .string()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    'must be a MusicBrainz id (a lowercase UUID)',
  );

const SeedTrackSchema = z.object({
  title: z.string().trim().min(1, 'track title is required').max(500),
  duration: z.string().refine((text) => (parseDuration(text) ?? 0) > 0, 'duration must be a positive m:ss or h:mm:ss'),
  mbid: MBID.nullish(),
});

const GenreName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((name) => genreSlug(name) !== '', 'a genre needs a letter or a digit');

export const SeedAlbumSchema = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/, 'id must be 1–200 letters, digits, dots, dashes or underscores'),
  title: z.string().trim().min(1, 'title is required').max(500),
  artist: z.string().trim().min(1, 'artist is required').max(500),
  releaseDate: z
    .string()
    .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'releaseDate must be YYYY, YYYY-MM or YYYY-MM-DD')
    .refine(isRealDate, 'releaseDate is not a real date')
    .nullish(),
  genre: GenreName.nullish(),
  genres: z.array(GenreName).max(10, 'at most 10 genres').optional(),
  type: z.enum(ALBUM_TYPES).optional(),
  mbid: MBID.nullish(),
  artistMbid: MBID.nullish(),
  popularity: z.number().int().min(0).max(100).default(0),
  tracks: z.array(SeedTrackSchema).min(1, 'an album needs at least one track').max(MAX_TRACKS),
});

export const SeedFileSchema = z.object({ albums: z.array(SeedAlbumSchema) });
export type SeedFile = z.infer<typeof SeedFileSchema>;

export function toCatalogAlbum(
  album: z.infer<typeof SeedAlbumSchema>,
  source: CatalogAlbumInput['source'],
): CatalogAlbumInput {
  return {
    id: album.id,
    title: album.title,
    artistName: album.artist,
    releaseDate: album.releaseDate ?? null,
    genre: album.genre ?? album.genres?.[0] ?? null,
    genres: album.genres,
    type: album.type,
    mbid: album.mbid,
    artistMbid: album.artistMbid,
    popularity: album.popularity,
    source,
    tracks: album.tracks.map((track) => ({
      title: track.title,
      durationMs: parseDuration(track.duration),
      mbid: track.mbid,
    })),
  };
}

/** Parses a catalogue file; a bad one is refused whole, naming the first problem and its place. */
export function parseCatalogFile(
  text: string,
  source: CatalogAlbumInput['source'],
  name = 'file',
): CatalogAlbumInput[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = SeedFileSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${name}: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data.albums.map((album) => toCatalogAlbum(album, source));
}

export function readSeedFiles(dir = SEED_DIR): CatalogAlbumInput[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .flatMap((file) => parseCatalogFile(readFileSync(path.join(dir, file), 'utf8'), 'seed', file));
}

/** Saves albums in transactions of `batchSize`, reporting progress after each. */
export async function importAlbums(
  { db, dialect }: DatabaseHandle,
  albums: CatalogAlbumInput[],
  options: { mode: 'skip' | 'update'; batchSize?: number; onProgress?: (done: number, total: number) => void },
): Promise<SaveResult> {
  const total: SaveResult = { inserted: 0, updated: 0, skipped: 0 };
  const size = options.batchSize ?? 500;
  for (let i = 0; i < albums.length; i += size) {
    const batch = albums.slice(i, i + size);
    const result = await db.transaction().execute((trx) => saveAlbums(trx, dialect, batch, { mode: options.mode }));
    total.inserted += result.inserted;
    total.updated += result.updated;
    total.skipped += result.skipped;
    options.onProgress?.(Math.min(i + size, albums.length), albums.length);
  }
  return total;
}

/** A hash of the bundled catalogue files, as they are on disk. */
function seedVersion(dir: string): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex');
}

/**
 * Start-up: a fresh install gets the bundled catalogue. Only an empty albums table is seeded, and
 * existing ids are skipped, so restarts and several instances starting at once are harmless. When
 * the bundled files changed since they were last written (an upgrade brought genres or types),
 * the seed albums already here are rewritten from them once; other albums are left alone.
 */
export async function loadSeedCatalog(handle: DatabaseHandle, dir = SEED_DIR): Promise<number> {
  const version = seedVersion(dir);
  if (!(await hasAlbums(handle.db))) {
    const { inserted } = await importAlbums(handle, readSeedFiles(dir), { mode: 'skip' });
    await writeSeedVersion(handle.db, version);
    return inserted;
  }
  if ((await readSeedVersion(handle.db)) === version) return 0;
  const present = await seedAlbumIds(handle.db);
  const refresh = readSeedFiles(dir).filter((album) => present.has(album.id));
  await importAlbums(handle, refresh, { mode: 'update' });
  await writeSeedVersion(handle.db, version);
  return 0;
}
