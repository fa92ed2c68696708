import type { ReactNode } from 'react';
import { AlbumCard } from '../../../components/ui/album-card.tsx';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { useTopAlbums } from '../api/get-top-albums.ts';
import { useTopSongs } from '../api/get-top-songs.ts';
import { SongCard } from './song-card.tsx';
import '../../../components/ui/album-card.css';
import '../../../components/ui/form.css';
import './top-music.css';

const CAROUSEL_SIZE = 20;

/** The home page's carousels: `featured` (another feature's) first, then Top Albums and Top Songs. */
export function TopMusic({ featured }: { featured?: ReactNode }) {
  const albums = useTopAlbums();
  const songs = useTopSongs();
  const failed = albums.isError && songs.isError;
  return (
    <div className="page home-carousels" id="top-music">
      {failed && (
        <p className="form-error" role="alert">
          Failed to load music data. Please try again.
        </p>
      )}
      {featured}
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
  );
}
