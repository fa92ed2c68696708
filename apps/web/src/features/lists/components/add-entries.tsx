import { LIST_ENTRIES_MAX, type List } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useChangeList } from '../api/change-list.ts';
import { useCatalogSearch } from '../api/search-catalog.ts';

interface Found {
  id: string;
  title: string;
  sub: string;
}

/** The owner's search of the catalogue (albums or songs, as the list holds) with an Add per result. */
export function AddEntries({ list }: { list: List }) {
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim(), 300);
  const search = useCatalogSearch(list.kind, debounced);
  const change = useChangeList(list.id);
  const inList = new Set(list.entries.map((entry) => entry.itemId));
  const full = list.entriesCount >= LIST_ENTRIES_MAX;

  const data = search.data;
  const found: Found[] = !data
    ? []
    : 'albums' in data
      ? data.albums.map((album) => ({ id: album.id, title: album.name, sub: album.artistName }))
      : data.tracks.map((song) => ({ id: song.id, title: song.title, sub: song.artist }));

  const add = (id: string) =>
    change.mutate({ type: 'add', body: list.kind === 'album' ? { albumId: id } : { trackId: id } });

  return (
    <section className="list-add" aria-labelledby="list-add-title">
      <h2 id="list-add-title">{list.kind === 'album' ? t`Add albums` : t`Add songs`}</h2>
      <Field
        label={list.kind === 'album' ? t`Search albums` : t`Search songs`}
        type="search"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder={list.kind === 'album' ? t`Album or artist` : t`Song or artist`}
      />
      {full && <p className="lists-muted">{t`This list is full: a list can hold at most 500 entries.`}</p>}
      <FormError message={change.error ? userMessage(change.error, t`Could not add it. Please try again.`) : null} />
      {debounced && search.isSuccess && found.length === 0 && <p className="lists-muted">{t`No results.`}</p>}
      {found.length > 0 && (
        <ul className="list-add__results" aria-label={t`Search results`}>
          {found.map((item) => {
            const title = item.title;
            return (
              <li key={item.id} className="list-add__result">
                <span className="list-add__name">
                  <strong>{item.title}</strong> <span className="lists-muted">{item.sub}</span>
                </span>
                <button
                  type="button"
                  className="btn"
                  onClick={() => add(item.id)}
                  disabled={inList.has(item.id) || full || change.isPending}
                  aria-label={inList.has(item.id) ? t`Added ${title}` : t`Add ${title}`}
                >
                  {inList.has(item.id) ? t`Added` : t`Add`}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
