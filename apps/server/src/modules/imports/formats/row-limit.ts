import { IMPORT_MAX_ROWS, IMPORT_TOO_MANY_ROWS } from '@liner/shared';
import { ImportFormatError } from './types.ts';

/**
 * Parsers count rows while they read and stop at the limit: a file's length is what it is, not
 * what it claims, and 2 million one-character lines once grew the server past 1.8 GB before a
 * limit checked after reading turned them away.
 */
export function withinRowLimit(rows: number): void {
  if (rows > IMPORT_MAX_ROWS) throw new ImportFormatError(IMPORT_TOO_MANY_ROWS);
}
