import type { Song } from '@liner/shared';
import { Link } from 'react-router';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { paths } from '../../../lib/paths.ts';
import '../../../components/ui/album-card.css';

/** A song in the home carousel: opens its album (spec §2). */
export function SongCard({ song }: { song: Song }) {
  const body = (
    <>
      <CoverImage src={song.img} alt={`${song.title} cover`} />
      <span className="album-card__title">{song.title}</span>
      <span className="album-card__artist">{song.artist}</span>
    </>
  );
  if (!song.albumId) return <div className="album-card">{body}</div>;
  return (
    <Link to={paths.album(song.albumId)} className="album-card">
      {body}
    </Link>
  );
}
