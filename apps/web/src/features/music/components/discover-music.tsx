import { type AlbumSummary, SEARCH_PAGE_SIZE, TOP_ALBUM_PAGES } from '@liner/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { AlbumCard } from '../../../components/ui/album-card.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { albumSearchQueryOptions } from '../../../lib/catalog/search-albums.ts';
import { useTopAlbums } from '../api/get-top-albums.ts';
import '../../../components/ui/album-card.css';
import '../../../components/ui/form.css';
import './discover-music.css';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';

/** Discover Music (spec §2): top albums in 5 pages of 20, or search results for `initial`. */
export function DiscoverMusic({ initial }: { initial: string }) {
  const queryClient = useQueryClient();
  const top = useTopAlbums();
  const [page, setPage] = useState(1);
  const [term, setTerm] = useState(initial);
  const [results, setResults] = useState<AlbumSummary[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lastQuery, setLastQuery] = useState('');

  async function search(query: string) {
    const q = query.trim();
    if (!q || q === lastQuery) return; // blank is ignored; the same query keeps its results
    setSearching(true);
    setError(null);
    try {
      const data = await queryClient.fetchQuery(albumSearchQueryOptions(q, SEARCH_PAGE_SIZE));
      setResults(data.albums);
      setLastQuery(q);
    } catch (failure) {
      setError(`Failed to search: ${userMessage(failure, 'Music search failed')}`);
    } finally {
      setSearching(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: run once for the ?search= / ?q= of the URL
  useEffect(() => {
    if (initial) void search(initial);
  }, [initial]);

  const topPage = top.data?.slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE) ?? [];
  const showingResults = results !== null;

  return (
    <div className="page">
      <h1>Discover Music</h1>
      <form
        className="discover-search"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void search(term);
        }}
      >
        <input
          className="input"
          type="search"
          aria-label="Search music"
          placeholder="Search for albums, artists, or songs..."
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <SubmitButton label="Search" busy={searching} busyLabel="Searching..." />
        {showingResults && (
          <button
            type="button"
            className="btn"
            onClick={() => {
              setTerm('');
              setResults(null);
              setLastQuery('');
              setError(null);
            }}
          >
            Clear
          </button>
        )}
      </form>
      {(error || top.isError) && (
        <p className="form-error" role="alert">
          {error ?? `Failed to load albums: ${userMessage(top.error, 'Please try again.')}`}
        </p>
      )}
      {showingResults ? (
        results.length === 0 ? (
          <p className="muted">No results found for "{lastQuery}". Try searching with different keywords.</p>
        ) : (
          <div className="album-grid">
            {results.map((album) => (
              <AlbumCard key={album.id} album={album} />
            ))}
          </div>
        )
      ) : top.isPending ? (
        <p className="muted">Loading...</p>
      ) : (
        <>
          <div className="album-grid">
            {topPage.map((album) => (
              <AlbumCard key={album.id} album={album} />
            ))}
          </div>
          <nav className="pager" aria-label="Pages">
            <button type="button" className="btn" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </button>
            <span>
              Page {page} of {TOP_ALBUM_PAGES}
            </span>
            <button
              type="button"
              className="btn"
              disabled={page >= TOP_ALBUM_PAGES}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
