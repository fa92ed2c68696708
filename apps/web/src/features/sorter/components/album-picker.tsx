import { SEARCH_DEBOUNCE_MS } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useEffect, useId, useState } from 'react';
import { userMessage } from '../../../lib/api-client.ts';
import { useAlbumSearch } from '../../../lib/catalog/search-albums.ts';
import '../../../components/ui/form.css';
import '../../../components/ui/card.css';
import './sorter.css';

const SORTER_SEARCH_LIMIT = 8;

/** Search box and results: choosing an album hands its id up. */
export function AlbumPicker({ onChoose }: { onChoose: (albumId: string) => void }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useAlbumSearch(term, SORTER_SEARCH_LIMIT, { keepPrevious: true, staleTime: 60_000 });
  const albums = term ? (search.data?.albums ?? []) : [];

  return (
    <section className="card sorter-card sorter-picker" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>{t`Choose an album`}</h2>
      <p className="sorter-muted">{t`Pick an album and rank its songs by choosing between two at a time.`}</p>
      <search>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setTerm(text.trim());
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">
            {t`Search for an album`}
          </label>
          <input
            id={inputId}
            className="input"
            type="search"
            placeholder={t`Search for an album or artist...`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
          />
        </form>
      </search>
      {term && search.isPending && <p className="sorter-muted">{t`Searching...`}</p>}
      {search.isError && (
        <p className="form-error" role="alert">
          {t`Failed to search: ${userMessage(search.error, t`Music search failed`)}`}
        </p>
      )}
      {term && search.isSuccess && albums.length === 0 && <p className="sorter-muted">{t`No results found`}</p>}
      {albums.length > 0 && (
        <ul className="sorter-picker__results" aria-label={t`Albums`}>
          {albums.map((album) => (
            <li key={album.id}>
              <button type="button" className="sorter-picker__album" onClick={() => onChoose(album.id)}>
                <img src={album.imageUrl} alt="" width={56} height={56} loading="lazy" />
                <span>
                  <span className="sorter-picker__name">{album.name}</span>
                  <span className="sorter-muted">{album.artistName}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
