import type { Song } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { ArtistLink } from '../../../components/ui/album-card.tsx';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { paths } from '../../../lib/paths.ts';
import '../../../components/ui/album-card.css';

/** A song in the home carousel: its title opens its album (spec §2), its artist the artist's page. */
export function SongCard({ song }: { song: Song }) {
  return (
    <div className="album-card">
      <CoverImage src={song.img} alt={t`${song.title} cover`} />
      {song.albumId ? (
        <Link to={paths.album(song.albumId)} className="album-card__title album-card__link">
          {song.title}
        </Link>
      ) : (
        <span className="album-card__title">{song.title}</span>
      )}
      <ArtistLink name={song.artist} artistId={song.artistId} className="album-card__artist" />
    </div>
  );
}
