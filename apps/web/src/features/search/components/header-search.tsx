import { DROPDOWN_MIN_CHARS, HEADER_SEARCH_RESULTS, SEARCH_DEBOUNCE_MS } from '@liner/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAlbumSearch } from '../../../lib/catalog/search-albums.ts';
import { paths } from '../../../lib/paths.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useUserSearch } from '../api/search-users.ts';
import './header-search.css';
import '../../../components/layouts/top-bar.css';

/**
 * The top bar's search box (spec §2, §4): submitting goes to /search?q=…; typing 2+ characters
 * opens a dropdown of up to 3 users and 3 albums after a 300 ms pause.
 */
export function HeaderSearch({ onDone }: { onDone?: () => void }) {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLFormElement>(null);
  const debounced = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const active = open && debounced.length >= DROPDOWN_MIN_CHARS;
  const users = useUserSearch(debounced, HEADER_SEARCH_RESULTS, active);
  const albums = useAlbumSearch(debounced, HEADER_SEARCH_RESULTS, { enabled: active });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    onDone?.();
  };
  const searching = users.isFetching || albums.isFetching || term.trim() !== debounced;
  const userResults = users.data?.users ?? [];
  const albumResults = albums.data?.albums ?? [];
  const nothing = !searching && userResults.length === 0 && albumResults.length === 0;

  return (
    <form
      ref={ref}
      className="top-bar__search header-search"
      aria-label="Site search"
      onSubmit={(event) => {
        event.preventDefault();
        const q = term.trim();
        if (!q) return;
        navigate(paths.search(q));
        close();
      }}
    >
      <input
        className="input"
        type="search"
        placeholder="Search albums and people"
        aria-label="Search"
        aria-controls="header-search-results"
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
      />
      {active && (
        <div className="header-search__dropdown" id="header-search-results">
          {searching && userResults.length === 0 && albumResults.length === 0 ? (
            <p className="header-search__state">Searching...</p>
          ) : nothing ? (
            <div className="header-search__state">
              <p>No results found</p>
              <p className="muted">Try a different search term</p>
            </div>
          ) : (
            <>
              {userResults.length > 0 && (
                <section aria-label="Users">
                  <h3>Users</h3>
                  {userResults.map((user) => (
                    <Link
                      key={user.id}
                      to={paths.profile(user.displayName)}
                      className="header-search__item"
                      onClick={close}
                    >
                      <img src={user.profilePicture ?? '/default-avatar.svg'} alt="" width={32} height={32} />
                      <span>{user.displayName}</span>
                    </Link>
                  ))}
                </section>
              )}
              {albumResults.length > 0 && (
                <section aria-label="Music">
                  <h3>Music</h3>
                  {albumResults.map((album) => (
                    <Link key={album.id} to={paths.album(album.id)} className="header-search__item" onClick={close}>
                      <img src={album.imageUrl} alt="" width={32} height={32} />
                      <span>
                        {album.name}
                        <span className="muted"> — {album.artistName}</span>
                      </span>
                    </Link>
                  ))}
                </section>
              )}
            </>
          )}
          <Link to={paths.search(debounced)} className="header-search__all" onClick={close}>
            Show all results for "{debounced}"
          </Link>
        </div>
      )}
    </form>
  );
}
