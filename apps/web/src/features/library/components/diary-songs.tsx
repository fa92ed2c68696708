import type { DiarySong } from '@liner/shared';
import { useId, useState } from 'react';

/** Songs named before "Show all": a day spent with the whole album stays one line until asked. */
const SHOWN = 3;

/**
 * The songs heard in a diary entry (an imported scrobble names its song), in track-list order.
 * More than three fold behind a button that says how many there are.
 */
export function DiarySongs({ songs, albumName }: { songs: DiarySong[]; albumName: string }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (songs.length === 0) return null;
  const foldable = songs.length > SHOWN;
  const shown = foldable && !expanded ? songs.slice(0, SHOWN) : songs;
  return (
    <span className="diary-songs">
      <span className="visually-hidden">Songs heard: </span>
      <span id={listId} className="diary-songs__names">
        {shown.map((song) => song.name).join(' · ')}
      </span>
      {foldable && (
        <button
          type="button"
          className="btn btn-ghost diary-songs__more"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show fewer' : `+${songs.length - SHOWN} more`}
          <span className="visually-hidden">
            {expanded ? ` songs of ${albumName}` : ` songs of ${albumName} (${songs.length} in all)`}
          </span>
        </button>
      )}
    </span>
  );
}
