import { SEARCH_PAGE_SIZE, type Song, TOP_ALBUM_PAGES } from '@liner/shared';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlbumCard } from '../../../components/ui/album-card.tsx';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useAlbumSearch } from '../../../lib/catalog/search-albums.ts';
import { paths } from '../../../lib/paths.ts';
import { useTopAlbums } from '../api/get-top-albums.ts';
import { useSongSearch } from '../api/search-songs.ts';
import '../../../components/ui/album-card.css';
import '../../../components/ui/form.css';
import './discover-music.css';
import { SkeletonCards, SkeletonState } from '../../../components/ui/skeleton.tsx';

/** Page 1–5 from `?page=`; anything else is page 1. */
function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= TOP_ALBUM_PAGES ? page : 1;
}

/**
 * Discover Music (spec §2): top albums in 5 pages of 20, or the albums and songs matching `?q=`
 * (`?search=` too). The page and the query live in the URL, each change a history entry of its
 * own, so Back returns to the page and results a person came from.
 */
export function DiscoverMusic() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? params.get('search') ?? '').trim();
  const page = pageFrom(params.get('page'));
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

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = term.trim();
    // A blank term is ignored; the same query keeps its results (spec §4).
    if (!q || q === query) return;
    setParams({ q, ...pageParam });
  }

  const topPage = top.data?.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE) ?? [];
  const searchError = albums.error ?? songs.error;
  // The top-albums page stays in the URL under a search, so Clear returns to it.
  const pageParam: Record<string, string> = page > 1 ? { page: String(page) } : {};

  return (
    <div className="page">
      <h1>Discover Music</h1>
      <form className="discover-search" onSubmit={submit}>
        <input
          className="input"
          type="search"
          aria-label="Search music"
          placeholder="Search for albums, artists, or songs..."
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <SubmitButton label="Search" busy={searching} busyLabel="Searching..." />
        {query && (
          <button
            type="button"
            className="btn"
            onClick={() => {
              setTerm('');
              setParams(pageParam);
            }}
          >
            Clear
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
            Failed to search: {userMessage(searchError, 'Music search failed')}
          </p>
        ) : (
          <SearchResults
            key={query}
            query={query}
            albums={albums.data?.albums ?? []}
            songs={songs.data?.tracks ?? []}
          />
        )
      ) : top.isPending ? (
        <SkeletonState fetchStatus={top.fetchStatus}>
          <SkeletonCards count={SEARCH_PAGE_SIZE} layout="grid" />
        </SkeletonState>
      ) : top.isError ? (
        <p className="form-error" role="alert">
          Failed to load albums: {userMessage(top.error, 'Please try again.')}
        </p>
      ) : (
        <>
          <div className="album-grid">
            {topPage.map((album) => (
              <AlbumCard key={album.id} album={album} />
            ))}
          </div>
          <nav className="pager" aria-label="Pages">
            <button
              type="button"
              className="btn"
              disabled={page <= 1}
              onClick={() => setParams(page - 1 === 1 ? {} : { page: String(page - 1) })}
            >
              Previous
            </button>
            <span>
              Page {page} of {TOP_ALBUM_PAGES}
            </span>
            <button
              type="button"
              className="btn"
              disabled={page >= TOP_ALBUM_PAGES}
              onClick={() => setParams({ page: String(page + 1) })}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </div>
  );
}

/** Songs come first (they say which song made an album match), a few until asked for all. */
const SONGS_SHOWN = 6;

function SearchResults({
  query,
  albums,
  songs,
}: {
  query: string;
  albums: { id: string; name: string; artistName: string; imageUrl: string }[];
  songs: Song[];
}) {
  const [allSongs, setAllSongs] = useState(false);
  if (albums.length === 0 && songs.length === 0) {
    return <p className="muted">No results found for "{query}". Try searching with different keywords.</p>;
  }
  return (
    <>
      {songs.length > 0 && (
        <section aria-labelledby="discover-songs" className="discover-section">
          <h2 id="discover-songs">Songs</h2>
          <ul className="song-results">
            {(allSongs ? songs : songs.slice(0, SONGS_SHOWN)).map((song) => (
              <li key={song.id}>
                <Link to={paths.album(song.albumId)} className="song-result">
                  <CoverImage src={song.img} alt="" />
                  <span className="song-result__text">
                    <span className="song-result__kind">Song</span>
                    <span className="song-result__title">{song.title}</span>
                    <span className="song-result__artist">{song.artist}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {!allSongs && songs.length > SONGS_SHOWN && (
            <button type="button" className="btn discover-section__more" onClick={() => setAllSongs(true)}>
              Show more songs
            </button>
          )}
        </section>
      )}
      {albums.length > 0 && (
        <section aria-labelledby="discover-albums" className="discover-section">
          <h2 id="discover-albums">Albums</h2>
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
