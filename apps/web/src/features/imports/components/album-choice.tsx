import type { AlbumSummary } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { yearOf } from '../../../lib/catalog/format.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';

/** "Use OK Computer by Radiohead (1997)", with its cover: one press imports the row to it. */
export function AlbumChoice({
  album,
  disabled,
  onChoose,
}: {
  album: AlbumSummary;
  disabled: boolean;
  onChoose: (album: AlbumSummary) => void;
}) {
  const year = yearOf(album.releaseDate);
  const name = album.name;
  const artist = album.artistName;
  return (
    <button type="button" className="import-choice" disabled={disabled} onClick={() => onChoose(album)}>
      {/* The words name the album; the cover only helps the eye find it. */}
      <img className="import-choice__cover" src={album.imageUrl} alt="" width={48} height={48} loading="lazy" />
      <span className="import-choice__text">
        {richText(year ? t`Use <0>${name}</0> by ${artist} (${year})` : t`Use <0>${name}</0> by ${artist}`, [
          (words) => <strong>{words}</strong>,
        ])}
      </span>
    </button>
  );
}
