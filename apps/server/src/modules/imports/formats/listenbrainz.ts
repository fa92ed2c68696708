import { IMPORT_EMPTY, IMPORT_WRONG_FORMAT } from '@liner/shared';
import { byLine, ListenGroups } from './group-listens.ts';
import { readListenBrainzFile } from './listenbrainz-file.ts';
import { isRecord, type ListenBrainzListen, looksLikeListen, readListen } from './listenbrainz-listen.ts';
import { mbidOf } from './mbid.ts';
import { withinRowLimit } from './row-limit.ts';
import { type BadRow, ImportFormatError, type LovedRow, type ParsedRow, type Parser } from './types.ts';

/*
 * feedback.jsonl (listenbrainz/background/export.py, export_feedback_for_user): one line per
 * recording the person loved or hated, { recording_msid, recording_mbid, score, created }, either
 * id possibly null. Score 1 is love, -1 hate (listenbrainz/db/model/feedback.py). Hate is not
 * read: the diary has no "hated" to put it in, and reading it as a low rating would invent one.
 */
const LOVED = 1;

/**
 * The listen that names each recording, the first with an album preferred (it names the album):
 * one entry a recording, not a listen, so it stays small while a long history is read.
 */
class RecordingIndex {
  private readonly byId = new Map<string, ListenBrainzListen>();

  add(listen: ListenBrainzListen): void {
    for (const id of [listen.recordingMbid, listen.recordingMsid]) {
      const known = id ? this.byId.get(id) : undefined;
      if (id && (!known || (!known.album && listen.album))) this.byId.set(id, listen);
    }
  }

  get(id: string): ListenBrainzListen | undefined {
    return this.byId.get(id);
  }
}

/** What one feedback line brings: a loved song, a bad row, or nothing (not a love). */
function lovedRows(line: number, value: unknown, byId: RecordingIndex): (LovedRow | BadRow)[] {
  if (!isRecord(value)) {
    return [{ kind: 'bad', line, artist: '', title: '', message: 'This line is not ListenBrainz feedback' }];
  }
  if (value.score !== LOVED) return [];
  const mbid = mbidOf(value.recording_mbid);
  const msid = mbidOf(value.recording_msid);
  const listen = (mbid && byId.get(mbid)) || (msid && byId.get(msid));
  // A recording no listen names: MusicBrainz may know it by its MBID (read with the rows); a
  // MessyBrainz id alone is ListenBrainz's own and names nothing anywhere else.
  if (!listen && mbid) {
    const unnamed = { artist: '', title: '', track: '', albumMbid: null, releaseMbid: null };
    return [{ kind: 'loved', line, ...unnamed, recordingMbid: mbid }];
  }
  if (!listen) {
    const message = `Loved recording ${msid ?? ''} is not among your listens, so its song is unknown`;
    return [{ kind: 'bad', line, artist: '', title: '', message }];
  }
  const { artist, album, track } = listen;
  if (!album) {
    const message = 'This loved song was only heard with no album, and the diary logs albums';
    return [{ kind: 'bad', line, artist, title: track, message }];
  }
  const { albumMbid, releaseMbid } = listen;
  return [
    {
      kind: 'loved',
      line,
      artist,
      title: album,
      track,
      recordingMbid: mbid ?? listen.recordingMbid,
      albumMbid,
      releaseMbid,
    },
  ];
}

export const parseListenBrainz: Parser = (bytes, { today }) => {
  const file = readListenBrainzFile(bytes);
  const bad: ParsedRow[] = [];
  const loved: ParsedRow[] = [];
  const groups = new ListenGroups(today, 'listen');
  const recordings = new RecordingIndex();
  let read = 0;
  for (const { line, value } of file.listens) {
    if (read++ === 0 && !looksLikeListen(value)) throw new ImportFormatError(IMPORT_WRONG_FORMAT.listenbrainz);
    const listen = readListen(value, line);
    if ('kind' in listen) {
      bad.push(listen);
    } else {
      groups.add(listen);
      recordings.add(listen);
    }
    withinRowLimit(bad.length + groups.size);
  }
  for (const { line, value } of file.feedback) {
    read += 1;
    loved.push(...lovedRows(line, value, recordings));
    withinRowLimit(bad.length + groups.size + loved.length);
  }
  if (read === 0) throw new ImportFormatError(IMPORT_EMPTY);
  return byLine([...bad, ...groups.rows(), ...loved]);
};
