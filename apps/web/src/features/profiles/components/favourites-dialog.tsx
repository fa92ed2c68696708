import { FAVOURITE_ALBUMS_MAX, SEARCH_DEBOUNCE_MS } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormFooter } from '../../../components/ui/form-footer.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useAlbumSearch } from '../../../lib/catalog/search-albums.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSetFavouriteAlbums } from '../api/set-favourite-albums.ts';
import '../../../components/ui/chips.css';
import '../../../components/ui/form.css';
import './profile-substance.css';

/** What the dialog shows of an album: a search result, a collection entry or a shelf album. */
export interface AlbumChoice {
  id: string;
  name: string;
  artistName: string;
  imageUrl: string;
}

const SEARCH_RESULTS = 8;

/**
 * "Edit favourites": the shelf as an ordered list (Move up, Move down, Remove: every change is a
 * button, so the keyboard does all a pointer does), and albums to add from a catalogue search or
 * the owner's collection. Saved whole; the server's refusal is shown as it words it.
 */
export function FavouritesDialog({
  initial,
  collection,
  onClose,
}: {
  initial: AlbumChoice[];
  collection?: AlbumChoice[];
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<AlbumChoice[]>(() => initial.map(pick));
  const [source, setSource] = useState<'search' | 'collection'>('search');
  const [announcement, setAnnouncement] = useState('');
  const [focusNext, setFocusNext] = useState<string | null>(null);
  const controls = useRef(new Map<string, HTMLElement>());
  const save = useSetFavouriteAlbums();
  const full = chosen.length >= FAVOURITE_ALBUMS_MAX;
  const count = chosen.length;
  const max = FAVOURITE_ALBUMS_MAX;

  // After a move or removal focus goes to the control that continues the task, not to the page.
  useEffect(() => {
    if (!focusNext) return;
    const target = controls.current.get(focusNext);
    // The search field is registered by its wrapper.
    (target?.querySelector('input') ?? target)?.focus();
    setFocusNext(null);
  }, [focusNext]);

  const register = (key: string) => (node: HTMLElement | null) => {
    if (node) controls.current.set(key, node);
    else controls.current.delete(key);
  };

  function move(index: number, by: -1 | 1) {
    const album = chosen[index];
    const to = index + by;
    if (!album || to < 0 || to >= chosen.length) return;
    const next = [...chosen];
    next.splice(index, 1);
    next.splice(to, 0, album);
    setChosen(next);
    const name = album.name;
    const place = to + 1;
    const places = next.length;
    setAnnouncement(t`${name} moved to place ${place} of ${places}`);
    // At either end the pressed button is disabled; its pair takes focus.
    const atEnd = to === 0 || to === next.length - 1;
    setFocusNext(`${album.id}:${atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`);
  }

  function remove(index: number) {
    const album = chosen[index];
    if (!album) return;
    const next = chosen.filter((_, i) => i !== index);
    setChosen(next);
    const name = album.name;
    setAnnouncement(t`${name} removed`);
    const neighbour = next[index] ?? next[index - 1];
    setFocusNext(neighbour ? `${neighbour.id}:remove` : 'search');
  }

  function add(album: AlbumChoice) {
    if (full || chosen.some((c) => c.id === album.id)) return;
    setChosen([...chosen, pick(album)]);
    const name = album.name;
    const place = chosen.length + 1;
    setAnnouncement(t`${name} added in place ${place}`);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      chosen.map((album) => album.id),
      { onSuccess: onClose },
    );
  }

  return (
    <Modal title={t`Edit favourites`} onClose={onClose} wide>
      <form className="form favourites-dialog" onSubmit={submit}>
        <h3 id="favourites-chosen-heading" className="favourites-dialog__heading">
          {t`Your favourites (${count} of ${max})`}
        </h3>
        {chosen.length === 0 ? (
          <p className="muted">
            {plural(max, {
              one: 'No favourites yet. Add up to # album below.',
              other: 'No favourites yet. Add up to # albums below.',
            })}
          </p>
        ) : (
          <ol className="favourites-dialog__chosen" aria-labelledby="favourites-chosen-heading">
            {chosen.map((album, index) => {
              const name = album.name;
              return (
                <li key={album.id} className="favourites-dialog__row">
                  <AlbumLine album={album} />
                  <span className="favourites-dialog__actions">
                    <button
                      ref={register(`${album.id}:up`)}
                      type="button"
                      className="btn btn-ghost"
                      aria-label={t`Move ${name} up`}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      ref={register(`${album.id}:down`)}
                      type="button"
                      className="btn btn-ghost"
                      aria-label={t`Move ${name} down`}
                      disabled={index === chosen.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </button>
                    <button
                      ref={register(`${album.id}:remove`)}
                      type="button"
                      className="btn btn-ghost"
                      aria-label={t`Remove ${name}`}
                      onClick={() => remove(index)}
                    >
                      {t`Remove`}
                    </button>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        <h3 className="favourites-dialog__heading">{t`Add an album`}</h3>
        {full && <p className="muted">{t`Your shelf is full: remove an album to add another.`}</p>}
        {collection && collection.length > 0 && (
          <fieldset className="chips">
            <legend className="visually-hidden">{t`Find albums in`}</legend>
            {(['search', 'collection'] as const).map((value) => (
              <button
                key={value}
                type="button"
                className={source === value ? 'chip chip--active' : 'chip'}
                aria-pressed={source === value}
                onClick={() => setSource(value)}
              >
                {value === 'search' ? t`Search the catalogue` : t`Your collection`}
              </button>
            ))}
          </fieldset>
        )}
        {source === 'search' || !collection?.length ? (
          <SearchChoices chosen={chosen} full={full} onAdd={add} fieldRef={register('search')} />
        ) : (
          <ChoiceList albums={collection} chosen={chosen} full={full} onAdd={add} />
        )}
        <FormError message={save.error ? userMessage(save.error, t`Could not save your favourites.`) : null} />
        <FormFooter onCancel={onClose}>
          <SubmitButton label={t`Save`} busy={save.isPending} busyLabel={t`Saving...`} />
        </FormFooter>
      </form>
    </Modal>
  );
}

const pick = ({ id, name, artistName, imageUrl }: AlbumChoice): AlbumChoice => ({ id, name, artistName, imageUrl });

function AlbumLine({ album }: { album: AlbumChoice }) {
  return (
    <span className="favourites-dialog__album">
      <CoverImage src={album.imageUrl} alt="" />
      <span>
        <span className="favourites-dialog__name">{album.name}</span>
        <span className="muted"> · {album.artistName}</span>
      </span>
    </span>
  );
}

function SearchChoices({
  chosen,
  full,
  onAdd,
  fieldRef,
}: {
  chosen: AlbumChoice[];
  full: boolean;
  onAdd: (album: AlbumChoice) => void;
  fieldRef: (node: HTMLElement | null) => void;
}) {
  const [term, setTerm] = useState('');
  const debounced = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const search = useAlbumSearch(debounced, SEARCH_RESULTS, { keepPrevious: true });
  const results = debounced ? (search.data?.albums ?? []) : [];
  return (
    <>
      <div ref={fieldRef}>
        <Field
          label={t`Search albums`}
          type="search"
          value={term}
          autoComplete="off"
          onChange={(event) => setTerm(event.target.value)}
        />
      </div>
      {debounced && search.isFetched && results.length === 0 ? (
        <p className="muted">{t`No albums found.`}</p>
      ) : (
        <ChoiceList albums={results} chosen={chosen} full={full} onAdd={onAdd} />
      )}
    </>
  );
}

function ChoiceList({
  albums,
  chosen,
  full,
  onAdd,
}: {
  albums: AlbumChoice[];
  chosen: AlbumChoice[];
  full: boolean;
  onAdd: (album: AlbumChoice) => void;
}) {
  if (albums.length === 0) return null;
  return (
    <ul className="favourites-dialog__choices">
      {albums.map((album) => {
        const taken = chosen.some((c) => c.id === album.id);
        const name = album.name;
        return (
          <li key={album.id} className="favourites-dialog__row">
            <AlbumLine album={album} />
            <button
              type="button"
              className="btn"
              aria-label={taken ? t`Added: ${name}` : t`Add ${name}`}
              disabled={taken || full}
              onClick={() => onAdd(album)}
            >
              {taken ? t`Added` : t`Add`}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
