import { CATALOG_OFFSET_MAX, SEARCH_PAGE_SIZE, type Song, TOP_ALBUM_PAGES } from '@liner/shared';
import { t } from '@lingui/core/macro';
import type { FetchStatus } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlbumCard, type AlbumCardAlbum, ArtistLink } from '../../../components/ui/album-card.tsx';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { SkeletonCards, SkeletonState } from '../../../components/ui/skeleton.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useAlbumSearch } from '../../../lib/catalog/search-albums.ts';
import { useSongSearch } from '../../../lib/catalog/search-songs.ts';
import { paths } from '../../../lib/paths.ts';
import { useTopAlbums } from '../api/get-top-albums.ts';
import { type DiscoverFilters, filterParams, filtersFromParams, isFiltered } from '../discover-filters.ts';
import { BrowseResults } from './browse-results.tsx';
import { DiscoverFilterBar } from './discover-filter-bar.tsx';
import { NewReleasesRow } from './new-releases-row.tsx';
import '../../../components/ui/album-card.css';
import '../../../components/ui/form.css';
import './discover-music.css';

/** The last page a filtered list can reach (the API's offset limit). */
const BROWSE_PAGES = Math.floor(CATALOG_OFFSET_MAX / SEARCH_PAGE_SIZE) + 1;

/** The page from `?page=`, 1 up to `last`; anything else is page 1. */
function pageFrom(value: string | null, last: number): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= last ? page : 1;
}

/**
 * Discover Music (spec §2): new releases, then the top albums in 5 pages of 20 or, with
 * a filter (genre, decade, type) or another sort, the matching albums page by page; or the albums
 * and songs matching `?q=` (`?search=` too). The query, filters and page live in the URL, each
 * change a history entry of its own, so Back returns to the page and results a person came from.
 */
export function DiscoverMusic() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? params.get('search') ?? '').trim();
  const filters = filtersFromParams(params);
  const filtered = isFiltered(filters);
  const page = pageFrom(params.get('page'), filtered ? BROWSE_PAGES : TOP_ALBUM_PAGES);
  const [term, setTerm] = useState(query);
  // The box follows the URL when Back or a link changes the query (state derived during render).
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    setShownQuery(query);
    setTerm(query);
  }

  const top = useTopAlbums();
  const albums = useAlbumSearch(query, SEARCH_PAGE_SIZE);
  const songs = useSongSearch(query, SEARCH_PAGE_SIZE);
  const searching = Boolean(query) && (albums.isFetching || songs.isFetching);

  // The filters and page stay in the URL under a search, so Clear returns to them.
  const browseParams = (next: DiscoverFilters, nextPage: number): Record<string, string> => ({
    ...filterParams(next),
    ...(nextPage > 1 ? { page: String(nextPage) } : {}),
  });
  const pageParam = browseParams(filters, page);

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = term.trim();
    // A blank term is ignored; the same query keeps its results (spec §4).
    if (!q || q === query) return;
    setParams({ q, ...pageParam });
  }

  const topPage = top.data?.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE) ?? [];
  const searchError = albums.error ?? songs.error;
  const reason = searchError ? userMessage(searchError, t`Music search failed`) : '';
  return (
    <div className="page">
      <h1>{t`Discover Music`}</h1>
      <form className="discover-search" onSubmit={submit}>
        <input
          className="input"
          type="search"
          aria-label={t`Search music`}
          placeholder={t`Search for albums, artists, or songs...`}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <SubmitButton label={t`Search`} busy={searching} busyLabel={t`Searching...`} />
        {query && (
          <button
            type="button"
            className="btn"
            onClick={() => {
              setTerm('');
              setParams(pageParam);
            }}
          >
            {t`Clear`}
          </button>
        )}
      </form>
      {query ? (
        albums.isPending || songs.isPending ? (
          <SkeletonState fetchStatus={albums.fetchStatus}>
            <SkeletonCards count={SEARCH_PAGE_SIZE} layout="grid" />
          </SkeletonState>
        ) : searchError && !albums.data && !songs.data ? (
          <p className="form-error" role="alert">
            {t`Failed to search: ${reason}`}
          </p>
        ) : (
          <SearchResults
            key={query}
            query={query}
            albums={albums.data?.albums ?? []}
            songs={songs.data?.tracks ?? []}
          />
        )
      ) : (
        <>
          <NewReleasesRow />
          <section className="discover-section" aria-labelledby="discover-browse">
            <h2 id="discover-browse">{filtered ? t`Albums` : t`Top albums`}</h2>
            <DiscoverFilterBar filters={filters} onChange={(next) => setParams(browseParams(next, 1))} />
            {filtered ? (
              <BrowseResults
                filters={filters}
                page={page}
                onPage={(next) => setParams(browseParams(filters, next))}
                onClear={() => setParams({})}
              />
            ) : (
              <TopAlbumsPage
                albums={topPage}
                page={page}
                pending={top.isPending}
                fetchStatus={top.fetchStatus}
                error={top.isError ? top.error : null}
                onPage={(next) => setParams(browseParams(filters, next))}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** One of the 5 pages of top albums (spec §2), with Previous, Next and 'Page X of 5'. */
function TopAlbumsPage({
  albums,
  page,
  pending,
  fetchStatus,
  error,
  onPage,
}: {
  albums: AlbumCardAlbum[];
  page: number;
  pending: boolean;
  fetchStatus: FetchStatus;
  error: Error | null;
  onPage: (page: number) => void;
}) {
  if (pending) {
    return (
      <SkeletonState fetchStatus={fetchStatus}>
        <SkeletonCards count={SEARCH_PAGE_SIZE} layout="grid" />
      </SkeletonState>
    );
  }
  if (error) {
    const reason = userMessage(error, t`Please try again.`);
    return (
      <p className="form-error" role="alert">
        {t`Failed to load albums: ${reason}`}
      </p>
    );
  }
  const pages = TOP_ALBUM_PAGES;
  return (
    <>
      <div className="album-grid">
        {albums.map((album) => (
          <AlbumCard key={album.id} album={album} />
        ))}
      </div>
      <nav className="pager" aria-label={t`Pages`}>
        <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t`Previous`}
        </button>
        <span>{t`Page ${page} of ${pages}`}</span>
        <button type="button" className="btn" disabled={page >= TOP_ALBUM_PAGES} onClick={() => onPage(page + 1)}>
          {t`Next`}
        </button>
      </nav>
    </>
  );
}

/** Songs come first (they say which song made an album match), a few until asked for all. */
const SONGS_SHOWN = 6;

function SearchResults({ query, albums, songs }: { query: string; albums: AlbumCardAlbum[]; songs: Song[] }) {
  const [allSongs, setAllSongs] = useState(false);
  if (albums.length === 0 && songs.length === 0) {
    return <p className="muted">{t`No results found for "${query}". Try searching with different keywords.`}</p>;
  }
  return (
    <>
      {songs.length > 0 && (
        <section aria-labelledby="discover-songs" className="discover-section">
          <h2 id="discover-songs">{t`Songs`}</h2>
          <ul className="song-results">
            {(allSongs ? songs : songs.slice(0, SONGS_SHOWN)).map((song) => (
              <li key={song.id}>
                <div className="song-result">
                  <CoverImage src={song.img} alt="" />
                  <span className="song-result__text">
                    <span className="song-result__kind">{t`Song`}</span>
                    <Link to={paths.album(song.albumId)} className="song-result__title">
                      {song.title}
                    </Link>
                    <ArtistLink name={song.artist} artistId={song.artistId} className="song-result__artist" />
                  </span>
                </div>
              </li>
            ))}
          </ul>
          {!allSongs && songs.length > SONGS_SHOWN && (
            <button type="button" className="btn discover-section__more" onClick={() => setAllSongs(true)}>
              {t`Show more songs`}
            </button>
          )}
        </section>
      )}
      {albums.length > 0 && (
        <section aria-labelledby="discover-albums" className="discover-section">
          <h2 id="discover-albums">{t`Albums`}</h2>
          <div className="album-grid">
            {albums.map((album) => (
              <AlbumCard key={album.id} album={album} />
            ))}
          </div>
        </section>
      )}
    </>
  );
}
