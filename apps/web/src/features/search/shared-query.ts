/** Longest search made from something shared; the rest of a long text is not a title. */
const MAX_QUERY = 120;
/** What streaming apps wrap a shared title in ("Listen to … on Spotify", "… - song by … | Spotify"). */
const WRAPPING = [
  /^(?:listen to|check out|i'm listening to|now playing:?)\s+/i,
  /\s+(?:on|via)\s+(?:spotify|apple music|youtube music|youtube|deezer|tidal|bandcamp|soundcloud|qobuz)\b.*$/i,
  /\s*[|·–-]\s*(?:spotify|apple music|youtube music|youtube|deezer|tidal|bandcamp|soundcloud|qobuz)\s*$/i,
  /\s*[-–]\s*(?:album|single|ep|song)\s+by\s+/i,
];
const URLS = /\bhttps?:\/\/\S+/gi;
/** A link's last path segment that reads as words ("kind-of-blue"), not an id ("4sLtOBOzn4s3GDUv3c5oJD"). */
const WORDY_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)+$/i;

/**
 * What a link shared from another app (the installed app's share target) should search for: its
 * title or text without links and the streaming service's wording, or else the words of the
 * link's last path segment (Bandcamp's `/album/kind-of-blue`). Empty when nothing reads as a name.
 */
export function sharedQuery(shared: { title?: string | null; text?: string | null; url?: string | null }): string {
  const links = [shared.url ?? '', ...(`${shared.title ?? ''} ${shared.text ?? ''}`.match(URLS) ?? [])];
  for (const candidate of [shared.title, shared.text]) {
    let words = (candidate ?? '').replace(URLS, ' ');
    for (const pattern of WRAPPING) words = words.replace(pattern, ' ');
    words = words.replace(/["“”]/g, '').replace(/\s+/g, ' ').trim();
    if (/\p{L}/u.test(words)) return [...words].slice(0, MAX_QUERY).join('').trim();
  }
  for (const link of links) {
    const segment = lastSegment(link);
    if (segment && WORDY_SEGMENT.test(segment)) return segment.replace(/-/g, ' ');
  }
  return '';
}

function lastSegment(link: string): string | undefined {
  try {
    return new URL(link).pathname.split('/').filter(Boolean).at(-1);
  } catch {
    return undefined;
  }
}
