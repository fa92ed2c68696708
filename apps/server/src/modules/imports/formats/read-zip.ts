import { unzipSync } from 'fflate';
import { ImportFormatError } from './types.ts';

/**
 * The entries of a zip that a parser asks for, after refusing a zip bomb. fflate's unzipSync
 * inflates every accepted entry into memory, each into a buffer of the size its header declares
 * (it writes no further, so a header that lies truncates the entry rather than growing it): the
 * declared sizes are summed first, in a pass that inflates nothing, and a zip over the limit is
 * refused before any of it is unpacked.
 */

export const ARCHIVE_MAX_BYTES = 200 * 1024 * 1024;
export const ARCHIVE_TOO_LARGE = 'The archive unpacks to more than 200 MB';
export const ARCHIVE_DAMAGED = 'The .zip file is damaged or incomplete: download it again';

export interface ZipContents {
  /** Every entry's name, wanted or not. */
  names: string[];
  files: Record<string, Uint8Array>;
}

function unzipOrRefuse(bytes: Uint8Array, filter: (entry: { name: string; originalSize: number }) => boolean) {
  try {
    return unzipSync(bytes, { filter });
  } catch {
    throw new ImportFormatError(ARCHIVE_DAMAGED);
  }
}

export function readZip(bytes: Uint8Array, wanted: (name: string) => boolean): ZipContents {
  const names: string[] = [];
  let unpacked = 0;
  unzipOrRefuse(bytes, (entry) => {
    names.push(entry.name);
    unpacked += entry.originalSize;
    return false;
  });
  if (unpacked > ARCHIVE_MAX_BYTES) throw new ImportFormatError(ARCHIVE_TOO_LARGE);
  return { names, files: unzipOrRefuse(bytes, (entry) => wanted(entry.name)) };
}
