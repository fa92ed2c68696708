import type { AlbumSummary } from '@liner/shared';
import { yearOf } from '../../../lib/catalog/format.ts';

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
  return (
    <button type="button" className="import-choice" disabled={disabled} onClick={() => onChoose(album)}>
      {/* The words name the album; the cover only helps the eye find it. */}
      <img className="import-choice__cover" src={album.imageUrl} alt="" width={48} height={48} loading="lazy" />
      <span className="import-choice__text">
        Use <strong>{album.name}</strong> by {album.artistName}
        {year && ` (${year})`}
      </span>
    </button>
  );
}
