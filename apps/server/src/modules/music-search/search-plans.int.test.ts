import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { scans as planScans, statementsOf as recordStatements } from '../../test/query-plans.ts';
import { artistAlbums, findArtist } from '../artists/artists.repository.ts';
import { findAlbum, findAlbumPage } from '../catalog/catalog.repository.ts';
import { generateAlbums } from '../catalog/index.ts';
import {
  albumChart,
  albumRank,
  albumStanding,
  browseAlbums,
  chartedCount,
  genreCounts,
  songChart,
} from '../charts/charts.repository.ts';
import { albumRatingCounts, followedAlbumRatings } from '../ratings/ratings.repository.ts';
import { searchAlbums, searchTracks } from './music-search.repository.ts';

/**
 * The plans of the hot read queries: each is answered through an index, never by
 * reading a whole table, on a generated catalogue of a few thousand albums. Seq scans are
 * discouraged for the check, so a seq scan in a plan means no index can serve the query (a
 * renamed expression, a dropped index), not that the planner preferred one on small tables.
 */

const ALBUMS = 3000;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await generateAlbums(t.database.handle, ALBUMS, { onProgress: () => {}, onIndexing: () => {} });
}, 120_000);
afterAll(async () => t.close());

// The statements a repository call sends, and what their plans read (test/query-plans.ts).
const statementsOf = (task: (db: Db) => Promise<unknown>) => recordStatements(t.database.handle, task);
const scans = (statements: CompiledQuery[]) => planScans(t.database.handle, statements, { analyze: true });

/** A plan line that reads a whole catalogue table. */
function fullScans(lines: string[]): string[] {
  return lines.filter(
    (line) =>
      /^Seq Scan on (albums|tracks|artists|album_stats|track_stats|album_ratings|chosen_album_ratings|follows|album_search|track_search|search_terms)$/.test(
        line,
      ) ||
      /^SCAN (albums|tracks|artists|album_stats|track_stats|album_ratings|chosen_album_ratings|a|t|ar|chosen|means|fo)$/.test(
        line,
      ),
  );
}

const PAGE = { limit: 20, offset: 0 };

describe('hot read queries go through indexes', () => {
  it('an album by id with its tracks and genres, in one statement', async () => {
    const statements = await statementsOf((db) => findAlbumPage(db, t.database.handle.dialect, 'gen-42'));
    expect(statements).toHaveLength(1);
    expect(fullScans(await scans(statements))).toEqual([]);
  });

  it('the charts, filtered or not, and the popular albums below them', async () => {
    const statements = await statementsOf(async (db) => {
      const page = { minListeners: 3, limit: 26 };
      await albumChart(db, { ...page, filters: {} });
      await albumChart(db, { ...page, filters: { genre: 'rock', from: '1997', until: '1998', type: 'album' } });
      await albumChart(db, { ...page, filters: {}, after: { score: 70, id: 'gen-5' } });
      await songChart(db, { ...page, filters: { from: '1990', until: '2000' } });
      await browseAlbums(db, { filters: {}, order: 'popular', today: '2026-01-01', limit: 100, offset: 0 });
    });
    // The global mean sums every album's and song's totals once per chart (stats rows exist for
    // rated albums only); the read cache keeps that to once per write (ADR 25). The chart itself
    // is reached through indexes: listeners, genres, popularity.
    const means = statements.filter((q) => /sum\((listeners|ratings_count)\)/.test(q.sql));
    expect(means).toHaveLength(4);
    const charts = statements.filter((q) => !means.includes(q));
    expect(fullScans(await scans(charts))).toEqual([]);
  });

  it("an artist page, Discover's filtered pages, and an album's histogram, ranks and friends' ratings", async () => {
    const album = await findAlbum(t.database.handle.db, 'gen-42');
    const artistId = album?.artist_id as string;
    const statements = await statementsOf(async (db) => {
      await findArtist(db, artistId);
      await artistAlbums(db, artistId);
      await songChart(db, { filters: { artistId }, minListeners: 1, limit: 10 });
      const filters = { genre: 'rock', from: '1990', until: '2000' };
      await chartedCount(db, filters, 3);
      await browseAlbums(db, { filters, order: 'popular', today: '2026-01-01', limit: 21, offset: 0 });
      await browseAlbums(db, { filters: { type: 'live' }, order: 'newest', today: '2026-01-01', limit: 21, offset: 0 });
      await browseAlbums(db, {
        filters: {},
        order: 'popular',
        today: '2026-01-01',
        limit: 21,
        offset: 40,
        unchartedBelow: 3,
      });
      await albumStanding(db, 'gen-42');
      await albumRank(db, {
        albumId: 'gen-42',
        listeners: 3,
        tenths: 120,
        filters: { from: '1997', until: '1998' },
        minListeners: 3,
      });
      await albumRatingCounts(db, 'gen-42');
      await followedAlbumRatings(db, 'someone', 'gen-42', 24);
    });
    const means = statements.filter((q) => /sum\((listeners|ratings_count)\)/.test(q.sql));
    expect(fullScans(await scans(statements.filter((q) => !means.includes(q))))).toEqual([]);
  });

  it('the genres list reads album_genres by its genre index', async () => {
    const statements = await statementsOf((db) => genreCounts(db, 200));
    expect(fullScans(await scans(statements))).toEqual([]);
  });

  it.each([
    ['a word a third of the titles hold', 'the'],
    ['a prefix', 'midnight harb'],
    ['a rare phrase', 'kind of blue'],
  ])('album search for %s', async (_, q) => {
    const { dialect } = t.database.handle;
    for (const by of ['album', 'artist'] as const) {
      const statements = await statementsOf((db) => searchAlbums(db, dialect, q, by, PAGE));
      expect(fullScans(await scans(statements)), `${by} search for "${q}"`).toEqual([]);
    }
  });

  it.each([
    ['a common word', 'love'],
    ['two common words', 'the golden'],
    ['a rare phrase', 'so what'],
  ])('song search for %s, ranked without joining every album', async (_, q) => {
    const { dialect } = t.database.handle;
    const statements = await statementsOf((db) => searchTracks(db, dialect, q, PAGE));
    const lines = await scans(statements);
    expect(fullScans(lines)).toEqual([]);
    if (dialect === 'postgres') {
      // Search rows carry their album's popularity (migration 028): only the 20 answers look albums up.
      expect(lines.filter((line) => line.endsWith(' on albums'))).toEqual([]);
    }
  });

  it('a word a third of the songs hold walks the popularity order instead of fetching every match (PostgreSQL)', async () => {
    const { dialect } = t.database.handle;
    if (dialect !== 'postgres') return;
    // Far above the fetch threshold (1.5·√rows) whatever the planner's sampled estimate: a rarer
    // word sits near it on a catalogue this small, and either plan may then be right.
    const statements = await statementsOf((db) => searchTracks(db, dialect, 'the', PAGE));
    expect(await scans(statements)).toContain('Index Scan on track_search_order');
  });
});
