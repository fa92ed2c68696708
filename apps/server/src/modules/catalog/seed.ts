import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDuration } from '@liner/shared';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.ts';
import { hasAlbums } from './catalog.repository.ts';
import { type CatalogAlbumInput, MAX_TRACKS } from './catalog.rows.ts';
import { type SaveResult, saveAlbums } from './catalog-writes.repository.ts';

/**
 * The catalogue file format (the bundled seed and `npm run cli -- catalog import`):
 * { "albums": [{ "id", "title", "artist", "releaseDate", "genre", "popularity",
 *                "tracks": [{ "title", "duration": "m:ss" }] }] }
 */

export const SEED_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../seed/catalog');

function isRealDate(text: string): boolean {
  const [year, month = 1, day = 1] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 0, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const SeedTrackSchema = z.object({
  title: z.string().trim().min(1, 'track title is required').max(500),
  duration: z.string().refine((text) => (parseDuration(text) ?? 0) > 0, 'duration must be a positive m:ss or h:mm:ss'),
});

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
  genre: z.string().trim().min(1).max(100).nullish(),
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
    genre: album.genre ?? null,
    popularity: album.popularity,
    source,
    tracks: album.tracks.map((track) => ({ title: track.title, durationMs: parseDuration(track.duration) })),
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

/**
 * Start-up: a fresh install gets the bundled catalogue. Only an empty albums table is seeded, and
 * existing ids are skipped, so restarts and several instances starting at once are harmless.
 */
export async function loadSeedCatalog(handle: DatabaseHandle, dir = SEED_DIR): Promise<number> {
  if (await hasAlbums(handle.db)) return 0;
  const { inserted } = await importAlbums(handle, readSeedFiles(dir), { mode: 'skip' });
  return inserted;
}
