import {
  type AlbumRanks,
  type AlbumSummary,
  type ArtistSong,
  type BrowseAlbumsQuery,
  type BrowseAlbumsResult,
  CHART_PAGE_SIZE,
  type ChartAlbumPage,
  type ChartQuery,
  type ChartSongPage,
  type GenreCount,
  type Song,
  TOP_ALBUMS_COUNT,
  TOP_SONGS_COUNT,
} from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { albumImageUrl, type SummaryRow, toAlbumSummary, toSong } from '../catalog/index.ts';
import {
  albumChart,
  albumRank,
  albumStanding,
  browseAlbums,
  type ChartFilters,
  type ChartPosition,
  chartedCount,
  genreCounts,
  popularOpeningTracks,
  songChart,
} from './charts.repository.ts';

/** Home's Top Songs: one song per album among the first this many. */
const TOP_SONGS_FIRST_ROW = 10;
const GENRES_LISTED = 200;

interface PageCursor extends ChartPosition {
  /** The rank of the next entry. */
  rank: number;
}

function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify({ s: cursor.score, i: cursor.id, r: cursor.rank })).toString('base64url');
}

/** 400 'Invalid cursor' for anything this server did not make. */
function decodeCursor(text: string): PageCursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Number.isFinite(value?.s) &&
      typeof value?.i === 'string' &&
      Number.isInteger(value?.r) &&
      value.r > 0 &&
      value.r < 1e9
    ) {
      return { score: value.s, id: value.i, rank: value.r };
    }
  } catch {}
  throw badRequest('Invalid cursor');
}

function filtersOf(query: Pick<ChartQuery, 'genre' | 'year' | 'decade' | 'type'>): ChartFilters {
  const filters: ChartFilters = { genre: query.genre || undefined, type: query.type };
  if (query.year !== undefined) {
    filters.from = String(query.year);
    filters.until = String(query.year + 1);
  } else if (query.decade !== undefined) {
    filters.from = String(query.decade);
    filters.until = String(query.decade + 10);
  }
  return filters;
}

const stars = (tenths: number, count: number) => (count > 0 ? Math.round(tenths / count) / 10 : null);

export class ChartsService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly minListeners: number,
  ) {}

  private get db() {
    return this.database.db;
  }

  async albums(query: ChartQuery): Promise<ChartAlbumPage> {
    return this.page(query, albumChart, (row, rank) => ({
      rank,
      album: toAlbumSummary(row),
      artistId: row.artist_id,
      type: row.primary_type as ChartAlbumPage['entries'][number]['type'],
      listeners: { count: row.listeners, average: stars(row.listener_tenths, row.listeners) },
    }));
  }

  async songs(query: ChartQuery): Promise<ChartSongPage> {
    return this.page(query, songChart, (row, rank) => ({
      rank,
      song: toSong(row),
      albumName: row.album_title,
      releaseDate: row.release_date,
      // Song totals are in half stars: ×5 makes tenths.
      listeners: { count: row.ratings_count, average: stars(row.ratings_sum * 5, row.ratings_count) },
    }));
  }

  /** One page of either chart: its entries ranked on from the cursor, and the next cursor. */
  private async page<Row extends { id: string; score: number }, Entry>(
    query: ChartQuery,
    read: (db: DatabaseHandle['db'], options: Parameters<typeof albumChart>[1]) => Promise<Row[]>,
    entry: (row: Row, rank: number) => Entry,
  ): Promise<{ entries: Entry[]; nextCursor: string | null; minListeners: number }> {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await read(this.db, {
      filters: filtersOf(query),
      minListeners: this.minListeners,
      after: cursor,
      limit: CHART_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, CHART_PAGE_SIZE);
    const first = cursor?.rank ?? 1;
    const last = page.at(-1);
    return {
      entries: page.map((row, i) => entry(row, first + i)),
      nextCursor:
        rows.length > CHART_PAGE_SIZE && last
          ? encodeCursor({ score: last.score, id: last.id, rank: first + page.length })
          : null,
      minListeners: this.minListeners,
    };
  }

  /**
   * The artist's best songs by the song chart's score, from one listener up: a page about one
   * artist shows what their listeners liked, with each song's number of ratings beside it.
   */
  async artistSongs(artistId: string, limit: number): Promise<ArtistSong[]> {
    const rows = await songChart(this.db, { filters: { artistId }, minListeners: 1, limit });
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      albumId: row.album_id,
      albumName: row.album_title,
      imageUrl: albumImageUrl({ id: row.album_id, cover_url: row.cover_url }),
      listeners: { count: row.ratings_count, average: stars(row.ratings_sum * 5, row.ratings_count) },
    }));
  }

  /** The album's rank on the chart of its release year and of its main genre, where it charts. */
  async ranks(albumId: string): Promise<AlbumRanks> {
    const standing = await albumStanding(this.db, albumId);
    const listeners = standing?.listeners ?? 0;
    if (!standing || listeners < this.minListeners) return { year: null, genre: null };
    const common = { albumId, listeners, tenths: standing.listener_tenths ?? 0, minListeners: this.minListeners };
    const year = /^\d{4}/.test(standing.release_date ?? '') ? Number(standing.release_date?.slice(0, 4)) : null;
    const { genre_slug: slug, genre_name: name } = standing;
    const [yearRank, genreRank] = await Promise.all([
      year === null ? null : albumRank(this.db, { ...common, filters: filtersOf({ year }) }),
      slug ? albumRank(this.db, { ...common, filters: { genre: slug } }) : null,
    ]);
    return {
      year: year !== null && yearRank !== null ? { year, rank: yearRank } : null,
      genre: slug && name && genreRank !== null ? { slug, name, rank: genreRank } : null,
    };
  }

  /**
   * Discover's albums. By score: the chart's albums in chart order, then the rest by popularity
   * (Top Albums' rule, filtered); by popularity; or newest first. One more row than asked says
   * whether a next page exists.
   */
  async browse(query: BrowseAlbumsQuery): Promise<BrowseAlbumsResult> {
    const filters = filtersOf(query);
    const wanted = query.limit + 1;
    const today = new Date().toISOString().slice(0, 10);
    let rows: SummaryRow[];
    if (query.sort === 'score') {
      const charted = await chartedCount(this.db, filters, this.minListeners);
      const head =
        query.offset < charted
          ? await albumChart(this.db, { filters, minListeners: this.minListeners, limit: wanted, offset: query.offset })
          : [];
      const tail =
        head.length < wanted
          ? await browseAlbums(this.db, {
              filters,
              order: 'popular',
              today,
              limit: wanted - head.length,
              offset: Math.max(0, query.offset - charted),
              unchartedBelow: this.minListeners,
            })
          : [];
      rows = [...head, ...tail];
    } else {
      rows = await browseAlbums(this.db, {
        filters,
        order: query.sort,
        today,
        limit: wanted,
        offset: query.offset,
      });
    }
    return { albums: rows.slice(0, query.limit).map(toAlbumSummary), hasMore: rows.length > query.limit };
  }

  async genres(): Promise<GenreCount[]> {
    return (await genreCounts(this.db, GENRES_LISTED)).map((g) => ({
      slug: g.slug,
      name: g.name,
      albumCount: g.albums,
    }));
  }

  /**
   * Home's Top Albums: the album chart's rule (enough listeners, the Bayesian mean), then the most
   * popular of the rest. The route keeps the answer in the ReadCache, which a rating empties.
   */
  async topAlbums(): Promise<AlbumSummary[]> {
    const charted = await albumChart(this.db, {
      filters: {},
      minListeners: this.minListeners,
      limit: TOP_ALBUMS_COUNT,
    });
    const seen = new Set(charted.map((row) => row.id));
    const popular = await browseAlbums(this.db, {
      filters: {},
      order: 'popular',
      today: new Date().toISOString().slice(0, 10),
      limit: TOP_ALBUMS_COUNT + charted.length,
      offset: 0,
    });
    const rest = popular.filter((row) => !seen.has(row.id));
    return [...charted, ...rest].slice(0, TOP_ALBUMS_COUNT).map(toAlbumSummary);
  }

  /**
   * Home's Top Songs: the song chart's rule, at most one song per album in the first row, then the
   * opening tracks of the most popular albums.
   */
  async topSongs(): Promise<Song[]> {
    const charted = await songChart(this.db, {
      filters: {},
      minListeners: this.minListeners,
      limit: TOP_SONGS_COUNT * 3,
    });
    const rest = await popularOpeningTracks(this.db, TOP_SONGS_COUNT * 2);
    const candidates = [...charted, ...rest].filter(
      (row, i, all) => all.findIndex((other) => other.id === row.id) === i,
    );
    // The first row: the best song of each album, in rank order; a second song of an album waits.
    const firstRow: typeof rest = [];
    const waiting: typeof rest = [];
    const albums = new Set<string>();
    for (const row of candidates) {
      if (firstRow.length < TOP_SONGS_FIRST_ROW && !albums.has(row.album_id)) {
        albums.add(row.album_id);
        firstRow.push(row);
      } else waiting.push(row);
    }
    return [...firstRow, ...waiting].slice(0, TOP_SONGS_COUNT).map(toSong);
  }
}
