import { t } from '@lingui/core/macro';
import type { FetchStatus } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AlbumCard } from '../../../components/ui/album-card.tsx';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { SkeletonCards, SkeletonState } from '../../../components/ui/skeleton.tsx';
import { useTopAlbums } from '../api/get-top-albums.ts';
import { useTopSongs } from '../api/get-top-songs.ts';
import { SongCard } from './song-card.tsx';
import '../../../components/ui/album-card.css';
import '../../../components/ui/form.css';
import './top-music.css';

const CAROUSEL_SIZE = 20;

/** A heading over its carousel, or over a row of placeholder cards until the list comes. */
function TopRow({
  title,
  pending,
  fetchStatus,
  children,
}: {
  title: string;
  pending: boolean;
  fetchStatus: FetchStatus;
  children: ReactNode;
}) {
  return (
    <>
      <h2>{title}</h2>
      {pending ? (
        <SkeletonState fetchStatus={fetchStatus}>
          <SkeletonCards count={8} layout="row" />
        </SkeletonState>
      ) : (
        <Carousel label={title}>{children}</Carousel>
      )}
    </>
  );
}

/** The home page's carousels: `featured` (another feature's) first, then Top Albums and Top Songs. */
export function TopMusic({ featured }: { featured?: ReactNode }) {
  const albums = useTopAlbums();
  const songs = useTopSongs();
  const failed = albums.isError && songs.isError;
  return (
    <div className="page home-carousels" id="top-music">
      {failed && (
        <p className="form-error" role="alert">
          {t`Failed to load music data. Please try again.`}
        </p>
      )}
      {featured}
      <TopRow title={t`Top Albums`} pending={albums.isPending} fetchStatus={albums.fetchStatus}>
        {albums.data?.slice(0, CAROUSEL_SIZE).map((album) => (
          <AlbumCard key={album.id} album={album} />
        ))}
      </TopRow>
      <TopRow title={t`Top Songs`} pending={songs.isPending} fetchStatus={songs.fetchStatus}>
        {songs.data?.slice(0, CAROUSEL_SIZE).map((song) => (
          <SongCard key={song.id} song={song} />
        ))}
      </TopRow>
    </div>
  );
}
