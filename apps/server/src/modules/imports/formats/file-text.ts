/** What every parser asks of the uploaded bytes first: is this a zip, and is it text at all? */

/** A zip starts with a local file header (PK\3\4), or is an empty archive (PK\5\6). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);
}

/** Enough of the start of a file to tell text from a spreadsheet, an image or UTF-16. */
const SNIFF_BYTES = 8192;

/**
 * The file as UTF-8 text, byte order mark dropped; null when it is not text (a zip, an .xlsx, an
 * image, UTF-16), told by a NUL byte near the start. Invalid UTF-8 becomes U+FFFD rather than a
 * refusal: one mangled accent should cost one row's match, not the whole import.
 */
export function textOf(bytes: Uint8Array): string | null {
  if (isZip(bytes) || bytes.subarray(0, SNIFF_BYTES).includes(0)) return null;
  return new TextDecoder('utf-8').decode(bytes);
}
