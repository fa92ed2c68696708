import type { FeaturedPlaylist } from '@liner/shared';
import { useState } from 'react';

/** Two hues picked from the id, so a playlist without a cover always gets the same gradient. */
export function playlistGradient(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const second = (hue + 40 + ((hash >>> 9) % 80)) % 360;
  return `linear-gradient(135deg, hsl(${hue} var(--color-playlist-art-start-sl)), hsl(${second} var(--color-playlist-art-end-sl)))`;
}

/** The playlist's cover, or its generated gradient when it has none or the cover fails to load. */
export function PlaylistCover({ playlist, className }: { playlist: FeaturedPlaylist; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (playlist.imageUrl && !failed) {
    return (
      <img
        className={className}
        src={playlist.imageUrl}
        alt=""
        width={72}
        height={72}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  }
  return <div className={className} style={{ background: playlistGradient(playlist.id) }} aria-hidden="true" />;
}
