/** Reading a Spotify playlist link the way admins paste it (spec §5, Playlist link parsing). */

export const PLAYLIST_LINK_REQUIRED = 'Please enter a Spotify playlist URL';
export const INVALID_PLAYLIST_LINK = 'Invalid Spotify playlist URL format';

/** Spotify ids are 22 base62 characters; a little slack either way costs nothing and survives format changes. */
const PLAYLIST_ID = /^[A-Za-z0-9]{10,40}$/;
/** Real links are well under this; longer input is not one, whatever it contains. */
export const PLAYLIST_LINK_MAX = 500;
const HOSTS = new Set(['open.spotify.com', 'play.spotify.com']);
/** Localised web links put the market first: /intl-de/playlist/…, /intl-pt-BR/playlist/… */
const MARKET_SEGMENT = /^intl-[a-z]{2}(?:[-_][a-z0-9]{2,4})?$/i;

export type PlaylistLink = { ok: true; id: string; url: string } | { ok: false; message: string };

/** The canonical web link of a playlist, the one the site stores and links to. */
export function playlistWebUrl(id: string): string {
  return `https://open.spotify.com/playlist/${id}`;
}

function fromPath(segments: string[]): string | null {
  let rest = segments;
  if (rest[0] && MARKET_SEGMENT.test(rest[0])) rest = rest.slice(1);
  if (rest[0] === 'embed') rest = rest.slice(1);
  // Old share links name the owner first: /user/{name}/playlist/{id}.
  if (rest[0] === 'user' && rest.length === 4) rest = rest.slice(2);
  if (rest.length !== 2 || rest[0] !== 'playlist') return null;
  return rest[1] ?? null;
}

function fromUri(input: string): string | null {
  const parts = input.split(':');
  if (parts[0]?.toLowerCase() !== 'spotify') return null;
  // spotify:playlist:{id}, or the old spotify:user:{name}:playlist:{id}.
  if (parts.length === 3 && parts[1] === 'playlist') return parts[2] ?? null;
  if (parts.length === 5 && parts[1] === 'user' && parts[3] === 'playlist') return parts[4] ?? null;
  return null;
}

function fromWebLink(input: string): string | null {
  const withScheme = /^https?:\/\//i.test(input) ? input : `https://${input}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (!HOSTS.has(url.hostname.toLowerCase()) || url.username || url.password) return null;
  if (url.port && url.port !== '443' && url.port !== '80') return null;
  return fromPath(url.pathname.split('/').filter(Boolean));
}

/**
 * Accepts `spotify:playlist:{id}`, a web link with the id in its path (any protocol or none, market
 * segments, query and fragment ignored) or a bare id. Blank input gets the 'required' message.
 */
export function parsePlaylistLink(input: unknown): PlaylistLink {
  const value = typeof input === 'string' ? input.trim() : '';
  if (!value) return { ok: false, message: PLAYLIST_LINK_REQUIRED };
  if (value.length > PLAYLIST_LINK_MAX) return { ok: false, message: INVALID_PLAYLIST_LINK };
  let id: string | null;
  if (PLAYLIST_ID.test(value)) id = value;
  else if (/^spotify:/i.test(value)) id = fromUri(value);
  else if (/\s/.test(value)) id = null;
  else id = fromWebLink(value);
  if (!id || !PLAYLIST_ID.test(id)) return { ok: false, message: INVALID_PLAYLIST_LINK };
  return { ok: true, id, url: playlistWebUrl(id) };
}
