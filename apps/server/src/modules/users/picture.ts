import { FILES_PREFIX } from '../../lib/file-store/index.ts';
import { squareWebp } from '../../lib/square-image.ts';

export { NOT_A_PICTURE_FORMAT, NOT_AN_IMAGE, TOO_NARROW } from '../../lib/square-image.ts';

export const PICTURE_SIZE = 512;

/** A profile picture: a 512×512 WebP, cropped around what draws the eye. */
export function processPicture(bytes: Buffer): Promise<{ data: Buffer; hash: string }> {
  return squareWebp(bytes, { size: PICTURE_SIZE, quality: 85, position: 'attention' });
}

/** Better Auth ids are already letters and digits; this only keeps a path a path. */
const safeUserId = (userId: string) => userId.replace(/[^a-z0-9]/gi, '');

/** Where a user's picture is stored: under a folder of their own, named by its content. */
export function pictureKey(userId: string, hash: string): string {
  return `avatars/${safeUserId(userId)}/${hash}.webp`;
}

/**
 * The file key behind a user's picture URL, only if the server stored it for that user; else null.
 * A picture URL can be stale or planted (an old sign-up accepted any `image`), and removing the
 * file it names must never reach another user's picture or anything else under DATA_DIR.
 */
export function ownedPictureKey(userId: string, url: string | null | undefined): string | null {
  const id = safeUserId(userId);
  if (!id || !url?.startsWith(FILES_PREFIX)) return null;
  const key = url.slice(FILES_PREFIX.length);
  const own = new RegExp(`^avatars/${id}/[0-9a-f]+\\.webp$`);
  return own.test(key) ? key : null;
}
