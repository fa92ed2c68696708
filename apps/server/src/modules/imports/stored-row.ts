import type { ParsedRow } from './formats/types.ts';

/**
 * A parsed row as import_rows keeps it, made on the parsing thread: the server's own thread only
 * writes it. A bad row is stored as an error with its reason; another keeps what the parser noted
 * (characters replaced, a review cut) until it is read.
 */
export interface StoredRow {
  line: number;
  status: 'pending' | 'error';
  artist: string;
  title: string;
  year: number | null;
  data: string;
  message: string | null;
}

export function storedRowOf(row: ParsedRow): StoredRow {
  const bad = row.kind === 'bad';
  return {
    line: row.line,
    status: bad ? 'error' : 'pending',
    artist: row.artist,
    title: row.title,
    year: row.kind === 'album' ? row.year : null,
    data: JSON.stringify(row),
    message: bad ? row.message : (row.notes?.join(' ') ?? null),
  };
}
