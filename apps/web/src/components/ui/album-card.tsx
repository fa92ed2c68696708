import type { AlbumSummary } from '@liner/shared';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { CoverImage } from './cover-image.tsx';
import './album-card.css';

/** An album tile: cover, title, artist; opens the album page. */
export function AlbumCard({ album }: { album: Pick<AlbumSummary, 'id' | 'name' | 'artistName' | 'imageUrl'> }) {
  return (
    <Link to={paths.album(album.id)} className="album-card">
      <CoverImage src={album.imageUrl} alt={`${album.name} cover`} />
      <span className="album-card__title">{album.name}</span>
      <span className="album-card__artist">{album.artistName}</span>
    </Link>
  );
}
