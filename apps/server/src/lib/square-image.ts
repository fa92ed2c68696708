/** Safe image processing for untrusted bytes. */
import { createHash } from 'node:crypto';
import type { default as createSharp, Metadata, SharpOptions } from 'sharp';
import { AppError, badRequest } from './errors.ts';
import { createWorkQueue } from './work-queue.ts';

type PictureFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export const NOT_AN_IMAGE = 'Picture must be an image file';
export const NOT_A_PICTURE_FORMAT = 'Picture must be a JPEG, PNG, WebP or AVIF image';
export const TOO_NARROW = 'Picture is too long and narrow: one side may be at most 4 times the other';

/**
 * A small file may claim billions of pixels, so the header's size is checked before decoding.
 * Measured here, one core each: JPEG shrinks on load, and PNG and WebP decode line by line, so
 * 24 MP costs at most 250 ms and 40 MB, and a 24 MP camera photo fits. AVIF decodes the whole
 * frame at once, about 18 bytes and 35 ns a pixel: 24 MP took 0.85 s and 430 MB, so AVIF gets
 * 16 MP (about 0.6 s and 290 MB; an iPhone-sized 12 MP picture fits).
 */
const MAX_MEGAPIXELS: Record<PictureFormat, number> = { jpeg: 25, png: 25, webp: 25, avif: 16 };
/**
 * A cover-resize of a w×h picture to a square first scales it to 512 × 512·(long/short), so a
 * 2×4000 PNG of 258 bytes became a 512×1,024,000 intermediate: 13–27 s of CPU and 1.6 GB each.
 * Capping the ratio at 4 caps that intermediate at 512×2048 (1 MP). A square avatar cut from a
 * 4:1 picture already drops three quarters of it; beyond that, people should crop it themselves.
 */
const MAX_ASPECT_RATIO = 4;
/** A backstop only: bounded input and intermediate keep real pictures under a second. */
const TIMEOUT_SECONDS = 5;

let sharpLoaded: Promise<typeof createSharp> | undefined;

/** sharp and libvips load with the first picture, not at start-up, where they took 0.2 s (ADR 28). */
export function loadSharp(): Promise<typeof createSharp> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per picture: the queue below, not libvips, decides how many cores pictures get.
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}

/**
 * At most two images are decoded at once on our two cores, each on its own libuv thread, so
 * file reads, password hashing and the event loop keep the rest. A few more wait; beyond that the
 * caller is told to come back (503 + Retry-After) instead of queueing unbounded memory.
 */
export const imageWork = createWorkQueue({
  concurrency: 2,
  maxWaiting: 8,
  busyMessage: 'Too many pictures are being processed. Please try again in a few seconds.',
  retryAfterSeconds: 5,
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The format from the file's first bytes, whatever its name or declared type. Only these four
 * reach libvips, so its SVG, TIFF, GIF, PDF and other loaders never parse an upload.
 */
export function sniffPictureFormat(bytes: Buffer): PictureFormat | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (bytes.toString('latin1', 4, 8) === 'ftyp') {
    // ISO-BMFF: the major brand, then the compatible brands, up to the end of the ftyp box.
    const end = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    for (let at = 8; at + 4 <= end; at += 4) {
      if (at === 12) continue; // minor version, not a brand
      const brand = bytes.toString('latin1', at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

/** Other image formats, recognised only to tell people which formats to use instead. */
function isOtherImageFormat(bytes: Buffer): boolean {
  const head = bytes.toString('latin1', 0, 12);
  if (head.startsWith('GIF8') || head.startsWith('II*\0') || head.startsWith('MM\0*') || head.startsWith('BM')) {
    return true;
  }
  if (head.slice(4, 8) === 'ftyp') return true; // HEIC and other ISO-BMFF images
  return /<svg[\s>]/i.test(bytes.toString('latin1', 0, 4096));
}

/** libvips calls AVIF 'heif' and tells it from HEIC by its compression. */
function decodedAs(format: PictureFormat, metadata: Metadata): boolean {
  if (format === 'avif') return metadata.format === 'heif' && metadata.compression === 'av1';
  return metadata.format === format;
}

const tooManyPixels = (format: PictureFormat) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `Picture is too large: at most ${MAX_MEGAPIXELS[format]} megapixels${format === 'avif' ? ' for AVIF' : ''}`,
  );

function failure(format: PictureFormat, error: unknown): AppError {
  if (/pixel limit/i.test(String(error))) return tooManyPixels(format);
  return badRequest(NOT_AN_IMAGE);
}

const INPUT: SharpOptions = {
  // libvips' own check, behind the one per format.
  limitInputPixels: Math.max(...Object.values(MAX_MEGAPIXELS)) * 1_000_000,
  // Untrusted input: any decoder warning (a truncated or corrupt file) refuses it.
  failOn: 'warning',
  sequentialRead: true,
  // The first frame of an animated WebP only.
  pages: 1,
};

export interface SquareOptions {
  size: number;
  quality: number;
  /** Which part of a non-square picture to keep. */
  position?: 'attention' | 'centre';
}

async function reencode(bytes: Buffer, { size, quality, position = 'centre' }: SquareOptions): Promise<Buffer> {
  const format = sniffPictureFormat(bytes);
  if (!format) throw badRequest(isOtherImageFormat(bytes) ? NOT_A_PICTURE_FORMAT : NOT_AN_IMAGE);
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, INPUT).metadata();
  } catch (error) {
    throw failure(format, error);
  }
  if (!decodedAs(format, metadata)) throw badRequest(NOT_A_PICTURE_FORMAT);
  const { width, height } = metadata;
  if (!width || !height) throw badRequest(NOT_AN_IMAGE);
  if (width * height > MAX_MEGAPIXELS[format] * 1_000_000) throw tooManyPixels(format);
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height)) throw badRequest(TOO_NARROW);
  try {
    return await sharp(bytes, INPUT)
      .autoOrient()
      .resize(size, size, { fit: 'cover', position })
      .webp({ quality })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .toBuffer();
  } catch (error) {
    throw failure(format, error);
  }
}

/**
 * Every image we did not draw ourselves — uploaded pictures, playlist and Cover Art Archive
 * covers — goes through here: the bytes must really be a JPEG, PNG, WebP or AVIF image (whatever
 * the declared type) within the limits above, and come out as a square WebP, orientation applied
 * and metadata (EXIF, GPS, ICC, XMP) dropped, through one queue of bounded width.
 */
export async function squareWebp(bytes: Buffer, options: SquareOptions): Promise<{ data: Buffer; hash: string }> {
  const data = await imageWork.run(() => reencode(bytes, options));
  return { data, hash: createHash('sha256').update(data).digest('hex').slice(0, 20) };
}
