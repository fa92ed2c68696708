import { IMPORT_EMPTY, IMPORT_WRONG_FORMAT } from '@liner/shared';
import { byLine, groupListens } from './group-listens.ts';
import { type Numbered, readListenBrainzFile } from './listenbrainz-file.ts';
import { isRecord, type ListenBrainzListen, looksLikeListen, readListen } from './listenbrainz-listen.ts';
import { mbidOf } from './mbid.ts';
import { type BadRow, ImportFormatError, type LovedRow, type ParsedRow, type Parser } from './types.ts';

/*
 * feedback.jsonl (listenbrainz/background/export.py, export_feedback_for_user): one line per
 * recording the person loved or hated, { recording_msid, recording_mbid, score, created }, either
 * id possibly null. Score 1 is love, -1 hate (listenbrainz/db/model/feedback.py). Hate is not
 * read: the diary has no "hated" to put it in, and reading it as a low rating would invent one.
 */
const LOVED = 1;

/** The listens that name each recording, the first with an album preferred: it names the album. */
function listenIndex(listens: ListenBrainzListen[]) {
  const byId = new Map<string, ListenBrainzListen>();
  for (const listen of listens) {
    for (const id of [listen.recordingMbid, listen.recordingMsid]) {
      const known = id ? byId.get(id) : undefined;
      if (id && (!known || (!known.album && listen.album))) byId.set(id, listen);
    }
  }
  return byId;
}

function lovedRows(feedback: Numbered[], listens: ListenBrainzListen[]): (LovedRow | BadRow)[] {
  const byId = listenIndex(listens);
  return feedback.flatMap(({ line, value }): (LovedRow | BadRow)[] => {
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
  });
}

export const parseListenBrainz: Parser = (bytes, { today }) => {
  const file = readListenBrainzFile(bytes);
  if (file.listens.length === 0 && file.feedback.length === 0) throw new ImportFormatError(IMPORT_EMPTY);
  const first = file.listens[0];
  if (first && !looksLikeListen(first.value)) throw new ImportFormatError(IMPORT_WRONG_FORMAT.listenbrainz);

  const rows: ParsedRow[] = [];
  const listens: ListenBrainzListen[] = [];
  for (const { line, value } of file.listens) {
    const listen = readListen(value, line);
    if ('kind' in listen) rows.push(listen);
    else listens.push(listen);
  }
  return byLine([...rows, ...groupListens(listens, today, 'listen'), ...lovedRows(file.feedback, listens)]);
};
