import type { ArtistDetail, ArtistSong } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { AlbumCard } from '../../../components/ui/album-card.tsx';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { SkeletonState } from '../../../components/ui/skeleton.tsx';
import { ApiRequestError, userMessage } from '../../../lib/api-client.ts';
import { oneDecimal } from '../../../lib/catalog/format.ts';
import { albumTypeSection } from '../../../lib/catalog/labels.ts';
import { intlLocale } from '../../../lib/i18n/i18n.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
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
  useDocumentTitle(artist.data?.name ?? (notFound ? t`Artist not found` : t`Artist`));

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
          <h1>{t`Artist not found`}</h1>
          <p>
            {richText(t`<0>Discover music</0> or go back <1>home</1>.`, [
              (words) => <Link to={paths.music()}>{words}</Link>,
              (words) => <Link to={paths.home()}>{words}</Link>,
            ])}
          </p>
        </div>
      </div>
    );
  }
  if (artist.isError) {
    const reason = userMessage(artist.error, t`Please try again.`);
    return (
      <div className="center-state">
        <div className="artist-not-found">
          <p role="alert">{t`Error loading artist: ${reason}`}</p>
          <button type="button" className="btn btn-primary" onClick={() => void artist.refetch()}>
            {t`Retry`}
          </button>
        </div>
      </div>
    );
  }
  return <ArtistView artist={artist.data} />;
}

function ArtistView({ artist }: { artist: ArtistDetail }) {
  const releases = artist.discography.reduce((sum, group) => sum + group.albums.length, 0);
  const name = artist.name;
  const numbers = new Intl.NumberFormat(intlLocale());
  return (
    <div className="page artist-page">
      <header className="artist-header">
        <p className="artist-header__kind">{t`Artist`}</p>
        <h1>{artist.name}</h1>
        <p className="muted">
          {plural(releases, { one: '# release in the catalogue', other: '# releases in the catalogue' })}
        </p>
      </header>
      <div className="artist-layout">
        <div className="artist-discography">
          {artist.discography.length === 0 && <p className="muted">{t`No releases in the catalogue yet.`}</p>}
          {artist.discography.map((group) => (
            <section key={group.type} className="artist-section" aria-labelledby={`artist-${group.type}`}>
              <h2 id={`artist-${group.type}`}>
                {albumTypeSection(group.type)}{' '}
                <span className="artist-section__count">{numbers.format(group.albums.length)}</span>
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
          <h2 id="artist-top-songs">{t`Top songs`}</h2>
          {artist.topSongs.length === 0 ? (
            <p className="muted">{t`Nobody has rated a song of ${name} yet.`}</p>
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
  const count = song.listeners.count;
  const ratings = plural(count, { one: '# rating', other: '# ratings' });
  const average = song.listeners.average === null ? undefined : oneDecimal(song.listeners.average);
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
              <span className="visually-hidden">{t`${average} stars from ${ratings}`}</span>
            </>
          )}
        </span>
      </span>
    </li>
  );
}
