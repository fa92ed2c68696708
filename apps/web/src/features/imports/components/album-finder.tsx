import { type AlbumSummary, SEARCH_DEBOUNCE_MS } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { useAlbumSearch } from '../../../lib/catalog/search-albums.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { AlbumChoice } from './album-choice.tsx';

const RESULTS = 5;

/**
 * The catalogue's album search for one row, behind a button so a page of fifty rows is not fifty
 * search boxes; it starts with the row's own artist and title.
 */
export function AlbumFinder({
  initialTerm,
  hasCandidates,
  disabled,
  onChoose,
}: {
  initialTerm: string;
  hasCandidates: boolean;
  disabled: boolean;
  onChoose: (album: AlbumSummary) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState(initialTerm);
  const debounced = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const search = useAlbumSearch(debounced, RESULTS, { enabled: open, keepPrevious: true });
  const albums = debounced ? (search.data?.albums ?? []) : [];

  useEffect(() => {
    if (!open) return;
    input.current?.focus();
    input.current?.select();
  }, [open]);

  return (
    <div className="import-finder">
      <button
        type="button"
        className="btn import-finder__toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        {hasCandidates ? t`Search for another album` : t`Search for the album`}
      </button>
      <div id={`${id}-panel`} hidden={!open} className="import-finder__panel">
        <div className="field">
          <label htmlFor={`${id}-term`}>{t`Album or artist`}</label>
          <input
            ref={input}
            id={`${id}-term`}
            className="input"
            type="search"
            autoComplete="off"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
        </div>
        {open && debounced && search.isFetched && albums.length === 0 ? (
          <p className="muted">{t`No albums found.`}</p>
        ) : (
          albums.length > 0 && (
            <ul className="import-choices" aria-label={t`Search results`}>
              {albums.map((album) => (
                <li key={album.id}>
                  <AlbumChoice album={album} disabled={disabled} onChoose={onChoose} />
                </li>
              ))}
            </ul>
          )
        )}
      </div>
    </div>
  );
}
