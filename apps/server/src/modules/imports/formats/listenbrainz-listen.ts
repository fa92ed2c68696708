import type { Listen } from './group-listens.ts';
import { mbidOf } from './mbid.ts';
import type { BadRow } from './types.ts';

/*
 * One listen as ListenBrainz exports it (listenbrainz/background/export.py,
 * export_listens_for_time_range): { listened_at, inserted_at, track_metadata } where
 * track_metadata is the listen as submitted (artist_name, track_name, release_name,
 * additional_info with the client's release_group_mbid, release_mbid, recording_mbid… —
 * listenbrainz/listen.py SUPPORTED_KEYS) plus recording_msid and mbid_mapping (LB's own match:
 * recording_mbid, release_mbid, artist_mbids… or null). listened_at is Postgres'
 * extract(epoch …), a numeric that may carry decimals ("1618500200.000000"). The older JSON-array
 * export put recording_msid beside track_metadata and in additional_info (Listen.to_api).
 */

export interface ListenBrainzListen extends Listen {
  recordingMbid: string | null;
  recordingMsid: string | null;
}

type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function secondsOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : null;
}

/** Does this JSON value have a listen's shape? (Says whether a file is ListenBrainz's at all.) */
export function looksLikeListen(value: unknown): value is Json & { track_metadata: Json } {
  return isRecord(value) && isRecord(value.track_metadata);
}

/** The first artist of the mapping's credit, when the credit names more than one or another spelling. */
function mainArtistOf(mapping: Json, artist: string): string | null {
  const credits = Array.isArray(mapping.artists) ? mapping.artists : [];
  const first = isRecord(credits[0]) ? text(credits[0].artist_credit_name) : '';
  return first && first !== artist ? first : null;
}

/** The listen a JSON value holds, or the bad row saying why it cannot be one. */
export function readListen(value: unknown, line: number): ListenBrainzListen | BadRow {
  if (!looksLikeListen(value)) {
    return { kind: 'bad', line, artist: '', title: '', message: 'This line is not a ListenBrainz listen' };
  }
  const metadata = value.track_metadata;
  const artist = text(metadata.artist_name);
  if (!artist) {
    const title = text(metadata.release_name) || text(metadata.track_name);
    return { kind: 'bad', line, artist, title, message: 'This listen has no artist' };
  }
  const info = isRecord(metadata.additional_info) ? metadata.additional_info : {};
  const mapping = isRecord(metadata.mbid_mapping) ? metadata.mbid_mapping : {};
  const at = value.listened_at;
  // The client's own ids first: they name the release that was played; LB's mapping names a
  // release of the same recording, which may be another album that has it.
  return {
    line,
    artist,
    album: text(metadata.release_name),
    track: text(metadata.track_name),
    at: secondsOf(at),
    dateText: typeof at === 'string' || typeof at === 'number' ? String(at) : '',
    albumMbid: mbidOf(info.release_group_mbid) ?? mbidOf(mapping.release_group_mbid),
    releaseMbid: mbidOf(info.release_mbid) ?? mbidOf(mapping.release_mbid),
    recordingMbid: mbidOf(info.recording_mbid) ?? mbidOf(mapping.recording_mbid),
    recordingMsid: mbidOf(metadata.recording_msid) ?? mbidOf(info.recording_msid) ?? mbidOf(value.recording_msid),
    mainArtist: mainArtistOf(mapping, artist),
  };
}
