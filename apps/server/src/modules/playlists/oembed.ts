import { playlistWebUrl } from '@liner/shared';

/** What Spotify's public oEmbed endpoint tells us about a playlist (no API key needed). */
export interface PlaylistEmbed {
  title: string;
  thumbnailUrl: string | null;
}

export interface OembedClient {
  /** The playlist's name and cover, or null when the provider cannot be asked or does not know it. */
  playlist(id: string): Promise<PlaylistEmbed | null>;
}

export const OEMBED_TIMEOUT_MS = 3000;

/** Enough for any real answer; a bigger body is not one. */
const MAX_BODY_CHARS = 64 * 1024;

/**
 * GET {baseUrl}?url=https://open.spotify.com/playlist/{id}. Any failure — refused connection,
 * time-out, non-2xx, a body that is not an oEmbed answer — is reported once to `onFailure` and
 * returns null: callers decide whether they can do without.
 */
export function createOembedClient(
  baseUrl: string,
  options: { timeoutMs?: number; onFailure?: (id: string, reason: string) => void } = {},
): OembedClient {
  const timeoutMs = options.timeoutMs ?? OEMBED_TIMEOUT_MS;
  return {
    async playlist(id) {
      const url = new URL(baseUrl);
      url.searchParams.set('url', playlistWebUrl(id));
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) {
          await response.body?.cancel();
          options.onFailure?.(id, `status ${response.status}`);
          return null;
        }
        const text = await response.text();
        if (text.length > MAX_BODY_CHARS) throw new Error('answer too large');
        const data = JSON.parse(text) as { title?: unknown; thumbnail_url?: unknown };
        const title = typeof data.title === 'string' ? data.title.trim() : '';
        if (!title) throw new Error('answer has no title');
        const thumbnail = typeof data.thumbnail_url === 'string' ? data.thumbnail_url : '';
        return { title, thumbnailUrl: /^https?:\/\//i.test(thumbnail) ? thumbnail : null };
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : String(error);
        options.onFailure?.(id, reason);
        return null;
      }
    },
  };
}
