import { FILES_PREFIX, type FileStore, fileUrl } from '../../lib/file-store/index.ts';
import { squareWebp } from '../../lib/square-image.ts';

const COVER_SIZE = 300;
const MAX_COVER_BYTES = 5 * 1024 * 1024;
const COVER_TIMEOUT_MS = 3000;

/**
 * Copies a playlist's cover to our file store and returns its same-origin URL. The site's CSP only
 * loads images from itself, and covers are served same-origin (DESIGN.md decision 10). Any failure
 * returns null: the web then draws a gradient instead.
 */
export async function cachePlaylistCover(
  files: FileStore,
  playlistId: string,
  sourceUrl: string,
  onFailure?: (reason: string) => void,
): Promise<string | null> {
  try {
    const response = await fetch(sourceUrl, { signal: AbortSignal.timeout(COVER_TIMEOUT_MS) });
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (!response.ok || declared > MAX_COVER_BYTES) {
      await response.body?.cancel();
      throw new Error(response.ok ? 'cover too large' : `status ${response.status}`);
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_COVER_BYTES) throw new Error('cover too large');
    // A provider's thumbnail is as untrusted as an upload: the same checks, the same queue.
    const { data, hash } = await squareWebp(bytes, { size: COVER_SIZE, quality: 82 });
    const key = `playlists/${playlistId}/${hash}.webp`;
    await files.put(key, data);
    return fileUrl(key);
  } catch (error) {
    onFailure?.(error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : String(error));
    return null;
  }
}

export async function removePlaylistCover(files: FileStore, imageUrl: string | null): Promise<void> {
  if (imageUrl?.startsWith(`${FILES_PREFIX}playlists/`)) await files.remove(imageUrl.slice(FILES_PREFIX.length));
}
