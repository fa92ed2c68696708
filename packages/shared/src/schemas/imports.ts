import * as z from 'zod/mini';
import { AlbumSummarySchema } from './catalog.ts';

/*
 * Bringing one's history in (ADR 38): a file exported by RateYourMusic, ListenBrainz or
 * Last.fm becomes an import job, read row by row in the background; rows that match no album are
 * listed for their owner to resolve (pick an album) or skip.
 */

export const IMPORT_SOURCES = ['rym', 'listenbrainz', 'lastfm'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_SOURCE_NAMES: Record<ImportSource, string> = {
  rym: 'RateYourMusic',
  listenbrainz: 'ListenBrainz',
  lastfm: 'Last.fm',
};

/** Larger than any real export of one person's ratings or a few years of scrobbles. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows of one file, after listens are grouped into one row per album and day. */
export const IMPORT_MAX_ROWS = 50_000;

export const IMPORT_TOO_LARGE = `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`;

export const IMPORT_TOO_MANY_ROWS = `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows to import`;
export const IMPORT_NO_FILE = 'Choose a file to import';
export const IMPORT_EMPTY = 'The file has nothing to import';
export const IMPORT_SOURCE_REQUIRED = 'Choose what the file is: RateYourMusic, ListenBrainz or Last.fm';
export const IMPORT_RUNNING = 'You already have an import running. Wait for it to finish before starting another.';
export const IMPORT_NOT_FOUND = 'Import not found';
export const IMPORT_ROW_NOT_FOUND = 'Row not found';
export const IMPORT_ROW_NOT_OPEN = 'This row is already resolved';
/** Each source's wrong-format message: said when the file is not that service's export. */
export const IMPORT_WRONG_FORMAT: Record<ImportSource, string> = {
  rym: 'This is not a RateYourMusic export: its first line should be the header RateYourMusic writes ("RYM Album, First Name,Last Name,…")',
  listenbrainz:
    'This is not a ListenBrainz export: choose the .zip downloaded from ListenBrainz (Settings → Export) or its listens .jsonl file',
  lastfm:
    'This is not a Last.fm scrobbles CSV: each line should be artist, album, track and date (as lastfm-to-csv writes)',
};

/**
 * queued: waiting for its turn; running: being read; done: every row read (some may still wait
 * for their owner as unmatched); failed: stopped by an error that is not the file's (said in
 * `message`), its unread rows kept for a later start.
 */
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const ImportJobSchema = z.object({
  id: z.string(),
  source: z.enum(IMPORT_SOURCES),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Rows in the file (listens grouped by album and day), bad ones included. */
  totalRows: z.number(),
  /** Rows read so far, whatever became of them. */
  doneRows: z.number(),
  /** Rows matched to an album and imported (or found already there), resolved ones included. */
  matched: z.number(),
  /** Rows waiting for their owner: pick an album or skip. */
  unmatched: z.number(),
  /** Rows the owner skipped. */
  skipped: z.number(),
  /** Rows that could not be read (a rating out of range, a date that is no date…), each with its reason. */
  errors: z.number(),
  /** Listens (scrobbles) in a listening-history file, and the albums they group into; 0 for ratings. */
  listens: z.number(),
  listenAlbums: z.number(),
  /** Why a failed job stopped. */
  message: z.nullable(z.string()),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;
export const ImportJobListSchema = z.array(ImportJobSchema);

export const IMPORT_ROW_STATUSES = ['pending', 'imported', 'unmatched', 'skipped', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const ImportRowSchema = z.object({
  /** 1-based: the row's place in the import (its id in the rows' URLs). */
  rowNumber: z.number(),
  /** The row's line in the file (for grouped listens, the line of the album's first listen). */
  line: z.number(),
  status: z.enum(IMPORT_ROW_STATUSES),
  artist: z.string(),
  title: z.string(),
  year: z.nullable(z.number()),
  /** What the row carries, in words: "Rated 4.5 stars, with a review", "3 listens on 2024-05-01". */
  summary: z.string(),
  /** Why the row is unmatched or in error. */
  message: z.nullable(z.string()),
  /** The album it went to. */
  album: z.nullable(AlbumSummarySchema),
  /** For an unmatched row: the albums it may be, best first (may be empty: search for it). */
  candidates: z.array(AlbumSummarySchema),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportRowsQuerySchema = z.object({
  status: z.optional(z.enum(IMPORT_ROW_STATUSES)),
  cursor: z.optional(z.string().check(z.maxLength(20))),
});
export type ImportRowsQuery = z.infer<typeof ImportRowsQuerySchema>;

export const IMPORT_ROWS_PAGE_SIZE = 50;
export const ImportRowPageSchema = z.object({
  rows: z.array(ImportRowSchema),
  nextCursor: z.nullable(z.string()),
});
export type ImportRowPage = z.infer<typeof ImportRowPageSchema>;

export const ImportParamsSchema = z.object({ importId: z.string().check(z.maxLength(64)) });
export const ImportRowParamsSchema = z.object({
  importId: z.string().check(z.maxLength(64)),
  rowNumber: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000_000)),
});

export const ResolveImportRowBodySchema = z.object({
  albumId: z.string({ error: 'Choose an album' }).check(z.minLength(1, 'Choose an album'), z.maxLength(200)),
});
export type ResolveImportRowBody = z.infer<typeof ResolveImportRowBodySchema>;
