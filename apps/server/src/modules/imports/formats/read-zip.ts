import { Inflate } from 'fflate';
import { ImportFormatError } from './types.ts';

/**
 * A zip read without trusting anything it says about itself. Its directory is a claim: the
 * entry count, sizes and offsets are checked against the bytes actually uploaded before any
 * entry is read (a 130-byte ZIP64 file that claimed four billion entries once made the process
 * abort), and an entry is inflated in small pieces, its text handed on line by line, counting the
 * bytes that really come out: a header that understates its size is refused, never believed.
 * Layout: PKWARE's APPNOTE.TXT 4.3 (end of central directory, its ZIP64 record and locator,
 * central directory headers, local file headers).
 */

export const ARCHIVE_MAX_BYTES = 200 * 1024 * 1024;
export const ARCHIVE_TOO_LARGE = 'The archive unpacks to more than 200 MB';
export const ARCHIVE_DAMAGED = 'The .zip file is damaged or incomplete: download it again';
/** An export holds a file a month and a few besides: thousands of entries is not one. */
export const ARCHIVE_MAX_ENTRIES = 2000;
export const ARCHIVE_TOO_MANY_FILES = `The archive holds more than ${ARCHIVE_MAX_ENTRIES.toLocaleString('en')} files, which no export does`;
/** A line longer than this is no listen; it is skipped as one bad line rather than kept whole. */
export const LINE_MAX_CHARS = 1024 * 1024;

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; others are refused when read. */
  method: number;
  compressedSize: number;
  /** What the directory claims; reading stops with ARCHIVE_DAMAGED past it. */
  originalSize: number;
  /** Offset of the entry's local header. */
  localOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER_BYTES = 46;
const EOCD_BYTES = 22;
const MAX_COMMENT = 0xffff;
const ZIP64_EXTRA = 0x0001;
/** Deflate is fed this much at a time: at most ~1,000 times as much comes out of one piece. */
const PIECE_BYTES = 4096;

const damaged = () => new ImportFormatError(ARCHIVE_DAMAGED);

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A 64-bit field that must fit the file: anything past 2^53 is past any file anyway. */
function u64(data: DataView, at: number): number {
  const value = data.getBigUint64(at, true);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(value);
}

interface Directory {
  entries: number;
  size: number;
  offset: number;
}

function findEndRecord(bytes: Uint8Array, data: DataView): number {
  const lowest = Math.max(0, bytes.length - EOCD_BYTES - MAX_COMMENT);
  for (let at = bytes.length - EOCD_BYTES; at >= lowest; at--) {
    if (data.getUint32(at, true) === EOCD) return at;
  }
  throw damaged();
}

function directoryOf(bytes: Uint8Array): Directory {
  if (bytes.length < EOCD_BYTES) throw damaged();
  const data = view(bytes);
  const end = findEndRecord(bytes, data);
  let directory: Directory = {
    entries: data.getUint16(end + 10, true),
    size: data.getUint32(end + 12, true),
    offset: data.getUint32(end + 16, true),
  };
  const locator = end - 20;
  if (locator >= 0 && data.getUint32(locator, true) === ZIP64_LOCATOR) {
    const record = u64(data, locator + 8);
    if (!(record + 56 <= locator) || data.getUint32(record, true) !== ZIP64_EOCD) throw damaged();
    directory = { entries: u64(data, record + 32), size: u64(data, record + 40), offset: u64(data, record + 48) };
  }
  if (directory.entries > ARCHIVE_MAX_ENTRIES) throw new ImportFormatError(ARCHIVE_TOO_MANY_FILES);
  // Every claim must fit the bytes that are really there.
  const fits = directory.offset + directory.size <= end && directory.entries * CENTRAL_HEADER_BYTES <= directory.size;
  if (!fits) throw damaged();
  return directory;
}

/** The ZIP64 extra field's sizes, for the fields the header left at 0xFFFFFFFF. */
function zip64Sizes(data: DataView, from: number, to: number, sizes: { original: number; compressed: number }) {
  for (let at = from; at + 4 <= to; ) {
    const id = data.getUint16(at, true);
    const length = data.getUint16(at + 2, true);
    if (id === ZIP64_EXTRA) {
      let field = at + 4;
      if (sizes.original === 0xffffffff && field + 8 <= to) {
        sizes.original = u64(data, field);
        field += 8;
      }
      if (sizes.compressed === 0xffffffff && field + 8 <= to) sizes.compressed = u64(data, field);
    }
    at += 4 + length;
  }
}

/** The archive's entries, every claim checked against the bytes; ImportFormatError otherwise. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  const { entries: count, size, offset } = directoryOf(bytes);
  const data = view(bytes);
  const end = offset + size;
  const decoder = new TextDecoder('utf-8');
  const entries: ZipEntry[] = [];
  let claimed = 0;
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_HEADER_BYTES > end || data.getUint32(at, true) !== CENTRAL_HEADER) throw damaged();
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    const next = at + CENTRAL_HEADER_BYTES + nameLength + extraLength + commentLength;
    if (next > end) throw damaged();
    const sizes = { compressed: data.getUint32(at + 20, true), original: data.getUint32(at + 24, true) };
    const nameEnd = at + CENTRAL_HEADER_BYTES + nameLength;
    zip64Sizes(data, nameEnd, nameEnd + extraLength, sizes);
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(at + CENTRAL_HEADER_BYTES, nameEnd)),
      method: data.getUint16(at + 10, true),
      compressedSize: sizes.compressed,
      originalSize: sizes.original,
      localOffset: data.getUint32(at + 42, true),
    };
    if (entry.localOffset + 30 + entry.compressedSize > offset) throw damaged();
    claimed += entry.originalSize;
    if (claimed > ARCHIVE_MAX_BYTES) throw new ImportFormatError(ARCHIVE_TOO_LARGE);
    entries.push(entry);
    at = next;
  }
  return entries;
}

/** Bytes inflated so far across one archive, so its entries together stay under the limit. */
export interface InflateBudget {
  used: number;
}

/** The entry's compressed bytes, found through its local header (which may differ in length). */
function storedBytes(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = view(bytes);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || data.getUint32(at, true) !== LOCAL_HEADER) throw damaged();
  const start = at + 30 + data.getUint16(at + 26, true) + data.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) throw damaged();
  return bytes.subarray(start, start + entry.compressedSize);
}

/** The entry's bytes in pieces as they inflate, each counted against its claim and the budget. */
function* entryPieces(bytes: Uint8Array, entry: ZipEntry, budget: InflateBudget): Generator<Uint8Array> {
  const packed = storedBytes(bytes, entry);
  let produced = 0;
  const count = (piece: Uint8Array) => {
    produced += piece.length;
    budget.used += piece.length;
    if (produced > entry.originalSize) throw damaged();
    if (budget.used > ARCHIVE_MAX_BYTES) throw new ImportFormatError(ARCHIVE_TOO_LARGE);
  };
  if (entry.method === 0) {
    for (let at = 0; at < packed.length; at += PIECE_BYTES) {
      const piece = packed.subarray(at, at + PIECE_BYTES);
      count(piece);
      yield piece;
    }
    return;
  }
  if (entry.method !== 8) throw damaged();
  const out: Uint8Array[] = [];
  const inflate = new Inflate((piece) => out.push(piece));
  for (let at = 0; at < packed.length || at === 0; at += PIECE_BYTES) {
    try {
      inflate.push(packed.subarray(at, at + PIECE_BYTES), at + PIECE_BYTES >= packed.length);
    } catch {
      throw damaged();
    }
    while (out.length > 0) {
      const piece = out.shift() as Uint8Array;
      count(piece);
      yield piece;
    }
    if (packed.length === 0) break;
  }
  if (produced !== entry.originalSize) throw damaged();
}

/**
 * The entry's text line by line (UTF-8, invalid bytes as U+FFFD), without holding more than one
 * line and one inflated piece. A line past LINE_MAX_CHARS is cut there; the rest of it is dropped.
 */
export function* zipEntryLines(bytes: Uint8Array, entry: ZipEntry, budget: InflateBudget): Generator<string> {
  const decoder = new TextDecoder('utf-8');
  let carry = '';
  let overlong = false;
  const take = function* (text: string): Generator<string> {
    let from = 0;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', from)) {
      const line = overlong ? carry : carry + text.slice(from, newline);
      carry = '';
      overlong = false;
      from = newline + 1;
      yield line;
    }
    if (!overlong) carry += text.slice(from);
    if (carry.length > LINE_MAX_CHARS) {
      carry = carry.slice(0, LINE_MAX_CHARS);
      overlong = true;
    }
  };
  for (const piece of entryPieces(bytes, entry, budget)) yield* take(decoder.decode(piece, { stream: true }));
  yield* take(decoder.decode());
  if (carry !== '') yield carry;
}
