import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError, badRequest } from '../../lib/errors.ts';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/** Decompression bombs stop here: a small file may still claim billions of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;
export const PICTURE_SIZE = 512;

export const NOT_AN_IMAGE = 'Picture must be an image file';

/**
 * Checks the bytes are really an image (whatever the declared type), then re-encodes it as a
 * square WebP: orientation applied, metadata (EXIF, GPS) dropped.
 */
export async function processPicture(bytes: Buffer): Promise<{ data: Buffer; hash: string }> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch (error) {
    if (/pixel limit/i.test(String(error)))
      throw new AppError('PAYLOAD_TOO_LARGE', 'Picture is too large: at most 40 megapixels');
    throw badRequest(NOT_AN_IMAGE);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(NOT_AN_IMAGE);
  let data: Buffer;
  try {
    data = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    if (/pixel limit/i.test(String(error)))
      throw new AppError('PAYLOAD_TOO_LARGE', 'Picture is too large: at most 40 megapixels');
    throw badRequest(NOT_AN_IMAGE);
  }
  return { data, hash: createHash('sha256').update(data).digest('hex').slice(0, 20) };
}
