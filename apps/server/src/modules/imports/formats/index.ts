import { parseLastfm } from './lastfm.ts';
import { parseListenBrainz } from './listenbrainz.ts';
import { parseRym } from './rym.ts';
import type { Parsers } from './types.ts';

/** Each source's parser: bytes of an uploaded file to the rows an import job reads (ADR 38). */
export const parsers: Parsers = { rym: parseRym, listenbrainz: parseListenBrainz, lastfm: parseLastfm };

export { ARCHIVE_DAMAGED, ARCHIVE_MAX_BYTES, ARCHIVE_TOO_LARGE, ARCHIVE_TOO_MANY_FILES } from './read-zip.ts';
export * from './types.ts';
