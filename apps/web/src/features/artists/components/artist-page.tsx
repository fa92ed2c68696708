import type { ArtistDetail, ArtistSong } from '@liner/shared';
import { Link } from 'react-router';
import { AlbumCard } from '../../../components/ui/album-card.tsx';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { SkeletonState } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError, userMessage } from '../../../lib/api-client.ts';
import { plural } from '../../../lib/catalog/format.ts';
import { albumTypeSection } from '../../../lib/catalog/labels.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useArtist } from '../api/get-artist.ts';
import { ArtistPageSkeleton } from './artist-page-skeleton.tsx';
import '../../../components/ui/album-card.css';
import '../../../components/ui/cover-image.css';
import './artist-page.css';

/**
 * /artist/{id}: the artist's discography, a card grid per release type, oldest first,
 * and their best-rated songs.
 */
export function ArtistPage({ artistId }: { artistId: string }) {
  const artist = useArtist(artistId);
  const notFound = artist.error instanceof ApiRequestError && artist.error.status === 404;
  useDocumentTitle(artist.data?.name ?? (notFound ? 'Artist not found' : 'Artist'));

  if (artist.isPending) {
    return (
      <SkeletonState fetchStatus={artist.fetchStatus} className="center-state">
        <ArtistPageSkeleton />
      </SkeletonState>
    );
  }
  if (notFound) {
    return (
      <div className="center-state">
        <div className="artist-not-found">
          <h1>Artist not found</h1>
          <p>
            <Link to={paths.music()}>Discover music</Link> or go back <Link to={paths.home()}>home</Link>.
          </p>
        </div>
      </div>
    );
  }
  if (artist.isError) {
    return (
      <div className="center-state">
        <div className="artist-not-found">
          <p role="alert">Error loading artist: {userMessage(artist.error, 'Please try again.')}</p>
          <button type="button" className="btn btn-primary" onClick={() => void artist.refetch()}>
            Retry
          </button>
        </div>
      </div>
    );
  }
  return <ArtistView artist={artist.data} />;
}

function ArtistView({ artist }: { artist: ArtistDetail }) {
  const releases = artist.discography.reduce((sum, group) => sum + group.albums.length, 0);
  return (
    <div className="page artist-page">
      <header className="artist-header">
        <p className="artist-header__kind">Artist</p>
        <h1>{artist.name}</h1>
        <p className="muted">{plural(releases, 'release')} in the catalogue</p>
      </header>
      <div className="artist-layout">
        <div className="artist-discography">
          {artist.discography.length === 0 && <p className="muted">No releases in the catalogue yet.</p>}
          {artist.discography.map((group) => (
            <section key={group.type} className="artist-section" aria-labelledby={`artist-${group.type}`}>
              <h2 id={`artist-${group.type}`}>
                {albumTypeSection(group.type)} <span className="artist-section__count">{group.albums.length}</span>
              </h2>
              <div className="album-grid">
                {group.albums.map((album) => (
                  <AlbumCard key={album.id} album={album} showArtist={false} />
                ))}
              </div>
            </section>
          ))}
        </div>
        <section className="artist-top-songs" aria-labelledby="artist-top-songs">
          <h2 id="artist-top-songs">Top songs</h2>
          {artist.topSongs.length === 0 ? (
            <p className="muted">Nobody has rated a song of {artist.name} yet.</p>
          ) : (
            <ol className="top-song-list">
              {artist.topSongs.map((song, index) => (
                <TopSongRow key={song.id} song={song} rank={index + 1} />
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

/** Rank, cover, the title linking to its album, and "★ 4.5 · 3 ratings". */
function TopSongRow({ song, rank }: { song: ArtistSong; rank: number }) {
  const ratings = plural(song.listeners.count, 'rating');
  const average = song.listeners.average?.toFixed(1);
  return (
    <li className="top-song">
      <span className="top-song__rank">{rank}</span>
      <CoverImage src={song.imageUrl} alt="" className="cover-image top-song__cover" />
      <span className="top-song__text">
        <Link to={paths.album(song.albumId)} className="top-song__title">
          {song.title}
        </Link>
        <span className="top-song__album">{song.albumName}</span>
        <span className="top-song__score">
          {average === undefined ? (
            ratings
          ) : (
            <>
              <span aria-hidden="true">
                <span className="listener-score__star">★</span> {average} · {ratings}
              </span>
              <span className="visually-hidden">
                {average} stars from {ratings}
              </span>
            </>
          )}
        </span>
      </span>
    </li>
  );
}
