import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDuration } from '@liner/shared';
import { describe, expect, it } from 'vitest';
import { MAX_TRACKS } from './catalog.rows.ts';
import { parseCatalogFile, SEED_DIR, SeedFileSchema } from './seed.ts';

const files = readdirSync(SEED_DIR).filter((file) => file.endsWith('.json'));

describe('the bundled seed catalogue', () => {
  it('has files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const file of files) {
    it(`${file} has the catalogue shape`, () => {
      const data = JSON.parse(readFileSync(path.join(SEED_DIR, file), 'utf8'));
      const parsed = SeedFileSchema.safeParse(data);
      expect(parsed.error?.issues ?? []).toEqual([]);
      for (const album of parsed.data?.albums ?? []) {
        expect(album.tracks.length, album.id).toBeGreaterThan(0);
        expect(album.tracks.length, album.id).toBeLessThanOrEqual(MAX_TRACKS);
        expect(album.releaseDate, album.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${album.releaseDate}T00:00:00Z`).toISOString().slice(0, 10), album.id).toBe(album.releaseDate);
        expect(album.popularity, album.id).toBeGreaterThanOrEqual(0);
        expect(album.popularity, album.id).toBeLessThanOrEqual(100);
        for (const track of album.tracks) {
          expect(parseDuration(track.duration) ?? 0, `${album.id}: ${track.title}`).toBeGreaterThan(0);
        }
      }
    });
  }

  it('has unique album ids across every file, and unique track ids', () => {
    const albums = files.flatMap((file) => parseCatalogFile(readFileSync(path.join(SEED_DIR, file), 'utf8'), 'seed'));
    const ids = albums.map((album) => album.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const trackIds = albums.flatMap((album) => album.tracks.map((_, i) => `${album.id}-${i + 1}`));
    expect(new Set(trackIds).size).toBe(trackIds.length);
  });
});

describe('parseCatalogFile', () => {
  const album = {
    id: 'a-1',
    title: 'T',
    artist: 'A',
    releaseDate: '2001-02-03',
    genre: 'rock',
    popularity: 5,
    tracks: [{ title: 'One', duration: '3:05' }],
  };
  const parse = (value: unknown) => () => parseCatalogFile(JSON.stringify(value), 'seed', 'x.json');

  it('reads the seed format into catalogue albums', () => {
    expect(parseCatalogFile(JSON.stringify({ albums: [album] }), 'seed')).toEqual([
      {
        id: 'a-1',
        title: 'T',
        artistName: 'A',
        releaseDate: '2001-02-03',
        genre: 'rock',
        popularity: 5,
        source: 'seed',
        tracks: [{ title: 'One', durationMs: 185_000 }],
      },
    ]);
  });

  it('names the first problem and where it is', () => {
    expect(() => parseCatalogFile('{', 'seed', 'x.json')).toThrow(/^x\.json is not valid JSON/);
    expect(parse({ albums: [{ ...album, tracks: [] }] })).toThrow(
      'x.json: albums.0.tracks: an album needs at least one track',
    );
    expect(parse({ albums: [{ ...album, releaseDate: '2001-02-30' }] })).toThrow('releaseDate is not a real date');
    expect(parse({ albums: [{ ...album, releaseDate: '1/2/2001' }] })).toThrow(
      'releaseDate must be YYYY, YYYY-MM or YYYY-MM-DD',
    );
    expect(parse({ albums: [{ ...album, tracks: [{ title: 'x', duration: '0:00' }] }] })).toThrow(
      'albums.0.tracks.0.duration: duration must be a positive m:ss or h:mm:ss',
    );
    expect(parse({ albums: [{ ...album, id: 'a/b' }] })).toThrow('albums.0.id: id must be');
    expect(parse({ albums: [{ ...album, popularity: 101 }] })).toThrow('albums.0.popularity');
    expect(parse({ records: [] })).toThrow('x.json: albums:');
  });

  it('accepts partial dates and a missing genre', () => {
    const [parsed] = parseCatalogFile(
      JSON.stringify({ albums: [{ ...album, releaseDate: '1999-07', genre: undefined }] }),
      'seed',
    );
    expect(parsed).toMatchObject({ releaseDate: '1999-07', genre: null });
  });
});
