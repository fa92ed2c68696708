import type { DiarySong } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { useId, useState } from 'react';
import { intlLocale } from '../../../lib/i18n/i18n.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';

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
  const more = songs.length - SHOWN;
  const total = new Intl.NumberFormat(intlLocale()).format(songs.length);
  return (
    <span className="diary-songs">
      <span className="visually-hidden">{t`Songs heard:`} </span>
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
          {richText(
            expanded
              ? t`Show fewer<0> songs of ${albumName}</0>`
              : plural(more, {
                  one: `+# more<0> songs of ${albumName} (${total} in all)</0>`,
                  other: `+# more<0> songs of ${albumName} (${total} in all)</0>`,
                }),
            [(words) => <span className="visually-hidden">{words}</span>],
          )}
        </button>
      )}
    </span>
  );
}
