import { AlbumCard } from '../../components/ui/album-card.tsx';
import { Carousel } from '../../components/ui/carousel.tsx';
import { CoverImage } from '../../components/ui/cover-image.tsx';
import { useTopAlbums } from '../../features/music/api/get-top-albums.ts';
import { useTopSongs } from '../../features/music/api/get-top-songs.ts';
import { SongCard } from '../../features/music/components/song-card.tsx';
import { useFeaturedPlaylists } from '../../features/playlists/api/get-featured-playlists.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../../components/ui/album-card.css';
import './home.css';
import '../../components/ui/form.css';
import '../../components/ui/cover-image.css';

const CAROUSEL_SIZE = 20;

/** Music home (spec §2): hero, then Featured Playlists (when any), Top Albums and Top Songs. */
export function Component() {
  useDocumentTitle('Discover. Rate. Share.');
  const playlists = useFeaturedPlaylists();
  const albums = useTopAlbums();
  const songs = useTopSongs();
  const failed = albums.isError && songs.isError;

  return (
    <>
      <section className="hero">
        <h1 className="hero__title">Discover. Rate. Share.</h1>
        <p className="hero__lead">Rate every song, keep your collection, and see what everyone is listening to.</p>
        <button
          type="button"
          className="btn btn-primary hero__cta"
          onClick={() => document.getElementById('top-music')?.scrollIntoView({ behavior: 'smooth' })}
        >
          Explore Top Music
        </button>
      </section>
      <div className="page home-carousels" id="top-music">
        {failed && (
          <p className="form-error" role="alert">
            Failed to load music data. Please try again.
          </p>
        )}
        {(playlists.data?.length ?? 0) > 0 && (
          <>
            <h2>Featured Playlists</h2>
            <Carousel label="Featured Playlists">
              {playlists.data?.map((playlist) => (
                <a
                  key={playlist.id}
                  href={playlist.spotifyUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="album-card playlist-card"
                >
                  {playlist.imageUrl ? (
                    <CoverImage src={playlist.imageUrl} alt={`${playlist.title} cover`} />
                  ) : (
                    <span className="cover-image playlist-card__art" aria-hidden="true" />
                  )}
                  <span className="album-card__title">{playlist.title}</span>
                  {playlist.description && <span className="album-card__artist">{playlist.description}</span>}
                </a>
              ))}
            </Carousel>
          </>
        )}
        <h2>Top Albums</h2>
        {albums.isPending ? (
          <p className="muted">Loading...</p>
        ) : (
          <Carousel label="Top Albums">
            {albums.data?.slice(0, CAROUSEL_SIZE).map((album) => (
              <AlbumCard key={album.id} album={album} />
            ))}
          </Carousel>
        )}
        <h2>Top Songs</h2>
        {songs.isPending ? (
          <p className="muted">Loading...</p>
        ) : (
          <Carousel label="Top Songs">
            {songs.data?.slice(0, CAROUSEL_SIZE).map((song) => (
              <SongCard key={song.id} song={song} />
            ))}
          </Carousel>
        )}
      </div>
    </>
  );
}
