import type { Listeners } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { yearOf } from '../../lib/catalog/format.ts';
import { paths } from '../../lib/paths.ts';
import { CoverImage } from './cover-image.tsx';
import { ListenerScore } from './listener-score.tsx';
import './album-card.css';

/** What a card needs: an AlbumSummary, a collection or rate-later entry all have it. */
export interface AlbumCardAlbum {
  id: string;
  name: string;
  artistName: string;
  artistId?: string;
  imageUrl: string;
  releaseDate?: string | null;
  listeners?: Listeners;
}

/** The artist's name, a link to their page when the catalogue knows who they are. */
export function ArtistLink({ name, artistId, className }: { name: string; artistId?: string; className?: string }) {
  if (!artistId) return <span className={className}>{name}</span>;
  return (
    <Link to={paths.artist(artistId)} className={className}>
      {name}
    </Link>
  );
}

/**
 * An album tile: cover, title, artist, year and, once enough people rated it, the community score.
 * The title is the album's link and stretches over the whole card (cover included); the artist is
 * a link of its own above it, so no link sits inside another. The artist's own page leaves the
 * artist out (`showArtist`): every card there would repeat the heading.
 */
export function AlbumCard({ album, showArtist = true }: { album: AlbumCardAlbum; showArtist?: boolean }) {
  const year = yearOf(album.releaseDate);
  return (
    <div className="album-card">
      <CoverImage src={album.imageUrl} alt={t`${album.name} cover`} />
      <Link to={paths.album(album.id)} className="album-card__title album-card__link">
        {album.name}
      </Link>
      {showArtist && <ArtistLink name={album.artistName} artistId={album.artistId} className="album-card__artist" />}
      {(year || album.listeners) && (
        <span className="album-card__meta">
          {year && <span className="album-card__year">{year}</span>}
          <ListenerScore listeners={album.listeners} />
        </span>
      )}
    </div>
  );
}
