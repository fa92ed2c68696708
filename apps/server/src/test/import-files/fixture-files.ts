import { strToU8, zipSync } from 'fflate';
import { RYM_HEADER } from '../../lib/rym-format.ts';

/*
 * Test files in the formats the three exporters write, byte for byte where the exporter's code
 * or a real file shows the bytes (sources cited in modules/imports/formats/: rym.ts, listenbrainz-file.ts,
 * listenbrainz-listen.ts and lastfm.ts). What no source shows is said where it is guessed.
 */

// ── RateYourMusic ───────────────────────────────────────────────────────────────────────────────

export interface RymFixtureRow {
  id?: number | string;
  firstName?: string;
  lastName: string;
  title: string;
  year?: number | string | null;
  /** 0–10, 0 for unrated (the default); a string writes anything, "11" or "x". */
  rating?: number | string;
  /** RYM's code: o, u, w or n (the default, as RYM writes it for an album not owned). */
  ownership?: string;
  review?: string;
}

/** A line written field by field as given (escaped and quoted), for a row RYM would never write. */
export interface RymRawLine {
  raw: string[];
}

/** The header of the export without reviews: RYM_HEADER without 'Review'. */
const HEADER_WITHOUT_REVIEWS = RYM_HEADER.slice(0, -1).join(',');

/**
 * RYM escapes values as HTML: "&amp;" is in a real export; quotes as "&#34;" is what
 * jivison/gowon-indexer unescapes (guessed: no real file at hand has a quote); "<" and ">" guessed.
 */
function rymEscape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&#34;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function rymFields(row: RymFixtureRow, index: number, withReviews: boolean): string[] {
  const year = row.year === null || row.year === undefined ? '' : String(row.year);
  const fields = [String(row.id ?? 1000 + index), row.firstName ?? '', row.lastName, '', '', row.title, year];
  fields.push(String(row.rating ?? 0), row.ownership ?? 'n', '', '');
  return withReviews ? [...fields, row.review ?? ''] : fields;
}

/**
 * RYM's "EXPORT WITH REVIEWS" file (twelve columns; withReviews: false gives "EXPORT YOUR DATA",
 * eleven): the header bare, every value quoted and HTML-escaped, LF line ends, no byte order mark,
 * and two spaces between the comma and the quoted Review, as in the real export pasted in
 * Lidarr/Lidarr#763 (`"o","","CD",  ""`). A line break inside a review is written as it is,
 * inside the quotes (guessed).
 */
export function rymCsv(rows: Array<RymFixtureRow | RymRawLine>, options: { withReviews?: boolean } = {}): Buffer {
  const withReviews = options.withReviews ?? true;
  const header = withReviews ? RYM_HEADER.join(',') : HEADER_WITHOUT_REVIEWS;
  const lines = rows.map((row, i) => {
    const fields = ('raw' in row ? row.raw : rymFields(row, i, withReviews)).map((value) => `"${rymEscape(value)}"`);
    if (!withReviews || fields.length !== RYM_HEADER.length) return fields.join(',');
    return `${fields.slice(0, -1).join(',')},  ${fields[fields.length - 1]}`;
  });
  return Buffer.from([header, ...lines].map((line) => `${line}\n`).join(''), 'utf8');
}

// ── ListenBrainz ────────────────────────────────────────────────────────────────────────────────

export interface ListenFixture {
  /** A Date, or Unix seconds. */
  at: Date | number;
  artist: string;
  /** Left out: the listen names no album (no release_name). */
  album?: string;
  track: string;
  /** Sent by the listening client, in additional_info. */
  releaseGroupMbid?: string;
  releaseMbid?: string;
  /** Makes the listen mapped: mbid_mapping holds it (and releaseMbid, if given). */
  recordingMbid?: string;
  /** The mapping's artist credit, one name an artist ("Jay-Z", "Kanye West"); `artist` alone when not given. */
  credits?: string[];
  /** Every listen has a MessyBrainz id; one is made from artist and track when not given. */
  msid?: string;
}

export interface FeedbackFixture {
  recordingMbid?: string;
  msid?: string;
  score: 1 | -1;
}

/** A made-up id shaped like a MusicBrainz one, the same for the same seed. */
export function fixtureMbid(seed: string): string {
  let hex = '';
  let hash = 0x811c9dc5;
  for (let round = 0; hex.length < 32; round += 1) {
    for (const char of `${round}:${seed}`) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
    hex += hash.toString(16).padStart(8, '0');
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function listenSeconds(at: Date | number): number {
  return typeof at === 'number' ? at : Math.floor(at.getTime() / 1000);
}

/** Postgres' numeric as it is printed, for extract(epoch …): "1618500200.000000". */
class Numeric {
  constructor(readonly text: string) {}
}

/**
 * JSON as Postgres prints jsonb, which the export writes (`jsonb_build_object(…)::text`): keys
 * shorter first, then by bytes; ": " and ", " between; non-ASCII text as it is.
 */
function jsonbText(value: unknown): string {
  if (value instanceof Numeric) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${jsonbText(item)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

function mbidMapping(listen: ListenFixture) {
  if (!listen.recordingMbid) return null;
  const artistMbid = fixtureMbid(`artist:${listen.artist}`);
  return {
    caa_id: null,
    artists: (listen.credits ?? [listen.artist]).map((name, i, all) => ({
      artist_mbid: fixtureMbid(`artist:${name}`),
      join_phrase: i < all.length - 1 ? ' & ' : '',
      artist_credit_name: name,
    })),
    artist_mbids: [artistMbid],
    release_mbid: listen.releaseMbid ?? null,
    recording_mbid: listen.recordingMbid,
    recording_name: listen.track,
    caa_release_mbid: null,
  };
}

/** One line of listens/<year>/<month>.jsonl, as export_listens_for_time_range writes it. */
export function listenLine(listen: ListenFixture): string {
  const seconds = listenSeconds(listen.at);
  const trackMetadata = {
    artist_name: listen.artist,
    track_name: listen.track,
    release_name: listen.album,
    additional_info: { release_group_mbid: listen.releaseGroupMbid, release_mbid: listen.releaseMbid },
    recording_msid: listen.msid ?? fixtureMbid(`msid:${listen.artist}:${listen.track}`),
    mbid_mapping: mbidMapping(listen),
  };
  return jsonbText({
    listened_at: new Numeric(`${seconds}.000000`),
    // Microseconds, as a row's created column has them.
    inserted_at: new Numeric(`${seconds + 30}.482913`),
    track_metadata: trackMetadata,
  });
}

/** Listens in the order the export writes them: by time (its ORDER BY listened_at), ties kept. */
export function inFileOrder<T extends { at: Date | number }>(listens: T[]): T[] {
  return [...listens].sort((a, b) => listenSeconds(a.at) - listenSeconds(b.at));
}

/** A listens .jsonl as the zip holds one (in time order), or a listens file taken out of it. */
export function listenBrainzJsonl(listens: ListenFixture[]): Buffer {
  return Buffer.from(listens.map((listen) => `${listenLine(listen)}\n`).join(''), 'utf8');
}

function feedbackLine(feedback: FeedbackFixture, index: number): string {
  const created = 1_700_000_000 + index * 60;
  return jsonbText({
    recording_msid: feedback.msid ?? null,
    recording_mbid: feedback.recordingMbid ?? null,
    score: feedback.score,
    created,
  });
}

/**
 * ListenBrainz's user data export (export_user): user.json, listens/<year>/<month>.jsonl by UTC
 * month, oldest first, feedback.jsonl when there is feedback, pinned_recording.jsonl when pinned.
 */
export function listenBrainzZip(data: {
  listens: ListenFixture[];
  feedback?: FeedbackFixture[];
  pinned?: boolean;
  username?: string;
}): Buffer {
  const text: Record<string, string> = {
    'user.json': `${JSON.stringify({ user_id: 1, username: data.username ?? 'liner-fixture' })}\n`,
  };
  for (const listen of inFileOrder(data.listens)) {
    const when = new Date(listenSeconds(listen.at) * 1000);
    const name = `listens/${when.getUTCFullYear()}/${when.getUTCMonth() + 1}.jsonl`;
    text[name] = `${text[name] ?? ''}${listenLine(listen)}\n`;
  }
  const feedback = data.feedback ?? [];
  if (feedback.length > 0) text['feedback.jsonl'] = feedback.map((item, i) => `${feedbackLine(item, i)}\n`).join('');
  const first = data.listens[0];
  if (data.pinned && first) {
    const msid = first.msid ?? fixtureMbid(`msid:${first.artist}:${first.track}`);
    const pin = { recording_msid: msid, recording_mbid: null, blurb_content: 'On repeat', pinned_until: 1_800_000_000 };
    text['pinned_recording.jsonl'] = `${jsonbText({ ...pin, created: 1_700_000_000 })}\n`;
  }
  const files = Object.fromEntries(Object.entries(text).map(([name, body]) => [name, strToU8(body)]));
  // A fixed date: the same fixture is the same bytes.
  return Buffer.from(zipSync(files, { level: 6, mtime: new Date('2024-01-01T00:00:00Z') }));
}

// ── Last.fm ─────────────────────────────────────────────────────────────────────────────────────

export interface ScrobbleFixture {
  artist: string;
  album: string;
  track: string;
  /** null: the song playing while the file was made, which Last.fm lists with no date. */
  at: Date | null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** A value as lastfm-to-csv writes it: every comma and double quote removed. */
export function lastfmValue(text: string): string {
  return text.replace(/[",]/g, '');
}

/** Last.fm's date text, "22 May 2014, 20:11" (UTC), without the comma lastfm-to-csv removes. */
function lastfmDate(at: Date): string {
  const day = `${two(at.getUTCDate())} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
  return `${day} ${two(at.getUTCHours())}:${two(at.getUTCMinutes())}`;
}

/**
 * lastfm-to-csv's file: no header, "artist,album,track,date" a line, LF, in the order given (Last.fm
 * lists newest first).
 */
export function lastfmCsv(scrobbles: ScrobbleFixture[]): Buffer {
  const lines = scrobbles.map(({ artist, album, track, at }) =>
    [lastfmValue(artist), lastfmValue(album), lastfmValue(track), at ? lastfmDate(at) : ''].join(','),
  );
  return Buffer.from(lines.map((line) => `${line}\n`).join(''), 'utf8');
}
