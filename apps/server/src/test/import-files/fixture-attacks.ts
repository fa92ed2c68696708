import { strToU8, zipSync } from 'fflate';
import { RYM_HEADER } from '../../lib/rym-format.ts';

/*
 * Files built to hurt an importer, each one that hurt liner's: what a zip's directory claims
 * against what its bytes hold, and CSVs whose size is all rows. The upload tests send them through
 * HTTP; the parser tests read them directly.
 */

const U32 = 0xffffffff;

/**
 * A 130-byte ZIP64 archive whose end records claim `entries` entries (about four billion by
 * default) in a directory that is not there: a local header's signature first, so it reads as a
 * zip, then the ZIP64 end record, its locator and the classic end record pointing at it.
 */
export function zip64Claiming(entries = 2 ** 32 - 1): Buffer {
  const start = Buffer.alloc(32);
  start.writeUInt32LE(0x04034b50, 0);
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(BigInt(entries), 24);
  record.writeBigUInt64LE(BigInt(entries), 32);
  record.writeBigUInt64LE(BigInt(entries) * 46n, 40);
  record.writeBigUInt64LE(0n, 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(start.length), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0xffff, 8);
  end.writeUInt16LE(0xffff, 10);
  end.writeUInt32LE(U32, 12);
  end.writeUInt32LE(U32, 16);
  return Buffer.concat([start, record, locator, end]);
}

/** A ListenBrainz-looking zip whose one listens entry inflates to far more than its directory says. */
export function zipUnderstatingItsSize(): Buffer {
  const zip = Buffer.from(zipSync({ 'listens/2024/1.jsonl': new Uint8Array(8 * 1024 * 1024).fill(0x20) }));
  const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  zip.writeUInt32LE(1000, central + 24);
  return zip;
}

/** A few kilobytes of zip: one real listen, then `lines` one-character lines, as a month of listens. */
export function zipOfShortLines(lines = 2_000_000): Buffer {
  const listen = JSON.stringify({
    listened_at: 1704103200,
    track_metadata: { artist_name: 'Radiohead', release_name: 'OK Computer', track_name: 'Lucky' },
  });
  return Buffer.from(zipSync({ 'listens/2024/1.jsonl': strToU8(`${listen}\n${'x\n'.repeat(lines)}`) }));
}

/** A RateYourMusic header and `rows` one-character rows: megabytes that are all rows. */
export function rymOfShortRows(rows = 2_000_000): Buffer {
  return Buffer.from(`${RYM_HEADER.join(',')}\n${'x\n'.repeat(rows)}`, 'utf8');
}
