import type { ImportSource } from '@liner/shared';

/**
 * What a file becomes before anything is written (ADR 38): rows of one of four kinds,
 * each a thing a person would resolve by hand. Listens are grouped by album, so an album
 * scrobbled on 200 days is one row to match and, if unmatched, one row to resolve.
 */

/** What the person should know about how a row was read (characters replaced, a review cut). */
interface Noted {
  notes?: string[];
}

/** An album rated, reviewed or shelved (RateYourMusic). */
export interface AlbumRow extends Noted {
  kind: 'album';
  /** 1-based line of the file (the header is line 1). */
  line: number;
  artist: string;
  /** The artist's name in RYM's localized columns when the native one is given too (either may be the catalogue's). */
  localizedArtist?: string | null;
  title: string;
  year: number | null;
  /** Half stars 1–10; null when the row has no rating (RYM writes 0). */
  rating: number | null;
  review: string | null;
  /** RYM's Ownership column: o owned, u used to own, w wishlist, n or empty none. */
  ownership: 'owned' | 'used' | 'wishlist' | null;
}

/** The days an album was heard (ListenBrainz listens, Last.fm scrobbles), grouped per album. */
export interface ListensRow extends Noted {
  kind: 'listens';
  /** The line (or listen number) of the album's first listen in the file. */
  line: number;
  artist: string;
  title: string;
  /** MusicBrainz release-group and release ids, when the file carries them. */
  albumMbid: string | null;
  releaseMbid: string | null;
  /** The first artist MusicBrainz credits ("Jay-Z" of "Jay-Z & Kanye West"), when the file's mapping names one. */
  mainArtist?: string | null;
  /** Distinct calendar days in UTC, 'YYYY-MM-DD', oldest first. */
  days: string[];
  /**
   * The songs heard on each of those days, as the file first spells them, in the order first
   * heard. Absent from rows stored before the diary kept songs (an import then still reads them).
   */
  songs?: Record<string, string[]>;
  /** Listens (scrobbles) in all, for the summary: "42 plays on 17 days". */
  plays: number;
}

/**
 * A recording loved on ListenBrainz (feedback score 1), with the names its listens gave it; with
 * none (empty names) when no listen names it, for MusicBrainz to name by its recording MBID.
 */
export interface LovedRow extends Noted {
  kind: 'loved';
  line: number;
  artist: string;
  /** The album the recording was heard on, from a listen of it. */
  title: string;
  track: string;
  recordingMbid: string | null;
  albumMbid: string | null;
  releaseMbid: string | null;
}

/** A row that cannot be imported as it is, listed with its reason: nothing is dropped silently. */
export interface BadRow {
  kind: 'bad';
  line: number;
  artist: string;
  title: string;
  message: string;
}

export type ParsedRow = AlbumRow | ListensRow | LovedRow | BadRow;

/** The file is not the named service's export (said with IMPORT_WRONG_FORMAT[source]), or is empty. */
export class ImportFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFormatError';
  }
}

export type Parser = (bytes: Buffer, options: { today: string }) => ParsedRow[];
export type Parsers = Record<ImportSource, Parser>;
