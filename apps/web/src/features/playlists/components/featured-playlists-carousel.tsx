import { t } from '@lingui/core/macro';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { useFeaturedPlaylists } from '../api/get-featured-playlists.ts';
import '../../../components/ui/album-card.css';
import '../../../components/ui/cover-image.css';
import './featured-playlists-carousel.css';

/** The home page's Featured Playlists (spec §2), shown only when an admin added some. */
export function FeaturedPlaylistsCarousel() {
  const playlists = useFeaturedPlaylists();
  if ((playlists.data?.length ?? 0) === 0) return null;
  return (
    <>
      <h2>{t`Featured Playlists`}</h2>
      <Carousel label={t`Featured Playlists`}>
        {playlists.data?.map((playlist) => (
          <a
            key={playlist.id}
            href={playlist.spotifyUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="album-card playlist-card"
          >
            {playlist.imageUrl ? (
              <CoverImage src={playlist.imageUrl} alt={t`${playlist.title} cover`} />
            ) : (
              <span className="cover-image playlist-card__art" aria-hidden="true" />
            )}
            <span className="album-card__title">{playlist.title}</span>
            {playlist.description && <span className="album-card__artist">{playlist.description}</span>}
          </a>
        ))}
      </Carousel>
    </>
  );
}
