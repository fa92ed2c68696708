import { Autocomplete } from '@base-ui/react/autocomplete';
import { DROPDOWN_MIN_CHARS, HEADER_SEARCH_RESULTS, SEARCH_DEBOUNCE_MS } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlbumSearch } from '../../../lib/catalog/search-albums.ts';
import { paths } from '../../../lib/paths.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useUserSearch } from '../api/search-users.ts';

interface Suggestion {
  id: string;
  label: string;
  detail?: string;
  image?: string;
  to: string;
}

interface SuggestionGroup {
  value: 'Users' | 'Music' | 'All';
  /** The group's heading, in the page's language. */
  label: string;
  items: Suggestion[];
}

/**
 * The header search as a combobox (Base UI Autocomplete, ADR 22): ArrowUp/Down move the active
 * option, Enter opens it (or, with none active, submits the form: the search page), Escape closes
 * the list and keeps the focus in the box. Loaded on demand by `HeaderSearch`, which owns the term.
 */
export function HeaderSearchCombobox({
  term,
  onTermChange,
  onDone,
  autoFocus,
}: {
  term: string;
  onTermChange: (term: string) => void;
  onDone?: () => void;
  /** The stand-in box had focus: this one takes it over, caret at the end. */
  autoFocus: boolean;
}) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const highlighted = useRef<Suggestion | undefined>(undefined);
  const [open, setOpen] = useState(autoFocus);
  const debounced = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const active = open && debounced.length >= DROPDOWN_MIN_CHARS;
  const users = useUserSearch(debounced, HEADER_SEARCH_RESULTS, active);
  const albums = useAlbumSearch(debounced, HEADER_SEARCH_RESULTS, { enabled: active });

  // Layout effect: the focus moves in the same frame the stand-in goes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on the swap from the stand-in
  useLayoutEffect(() => {
    const box = input.current;
    if (!autoFocus || !box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);

  const searching = users.isFetching || albums.isFetching || term.trim() !== debounced;
  const userResults = users.data?.users ?? [];
  const albumResults = albums.data?.albums ?? [];
  const none = userResults.length === 0 && albumResults.length === 0;
  const query = debounced;

  const groups: SuggestionGroup[] = [];
  if (userResults.length > 0) {
    groups.push({
      value: 'Users',
      label: t`Users`,
      items: userResults.map((user) => ({
        id: `user-${user.id}`,
        label: user.displayName,
        image: user.profilePicture ?? '/default-avatar.svg',
        to: paths.profile(user.displayName),
      })),
    });
  }
  if (albumResults.length > 0) {
    groups.push({
      value: 'Music',
      label: t`Music`,
      items: albumResults.map((album) => ({
        id: `album-${album.id}`,
        label: album.name,
        detail: album.artistName,
        image: album.imageUrl,
        to: paths.album(album.id),
      })),
    });
  }
  groups.push({
    value: 'All',
    label: t`All`,
    items: [{ id: 'all', label: t`Show all results for "${query}"`, to: paths.search(debounced) }],
  });

  const go = (suggestion: Suggestion) => {
    setOpen(false);
    navigate(suggestion.to);
    onDone?.();
  };

  return (
    <Autocomplete.Root
      items={groups}
      filter={null}
      value={term}
      onValueChange={(value, details) => {
        // Choosing an option navigates; the box keeps what was typed.
        if (details.reason !== 'item-press') onTermChange(value);
      }}
      open={active}
      onOpenChange={setOpen}
      itemToStringValue={(suggestion: Suggestion) => suggestion.label}
      onItemHighlighted={(suggestion) => {
        highlighted.current = suggestion;
      }}
    >
      <Autocomplete.Input
        ref={input}
        className="input"
        type="search"
        placeholder={t`Search albums and people`}
        aria-label={t`Search`}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          // With no option active, Enter is the form's: the search page for what was typed.
          if (event.key !== 'Enter' || (active && highlighted.current)) return;
          event.preventDefault();
          setOpen(false);
          event.currentTarget.form?.requestSubmit();
        }}
      />
      {/* Only while there is something to show: Escape and Tab take the list out of the page at once. */}
      {active && (
        <Autocomplete.Portal>
          <Autocomplete.Positioner className="header-search__positioner" sideOffset={8} align="start">
            {/*
            A plain box, not Autocomplete.Popup: the Popup's focus manager hides everything else on
            the page from assistive tech (aria-hidden) while it is open, though the page stays
            focusable (axe: aria-hidden-focus). Keyboard and dismissal live in Root and Input.
          */}
            <div className="header-search__dropdown" aria-busy={searching || undefined}>
              <Autocomplete.Status className="header-search__state">
                {searching && none ? (
                  t`Searching...`
                ) : none ? (
                  <>
                    <span className="header-search__state-title">{t`No results found`}</span>
                    <span className="muted">{t`Try a different search term`}</span>
                  </>
                ) : null}
              </Autocomplete.Status>
              <Autocomplete.List className="header-search__list">
                {(group: SuggestionGroup) => (
                  <Autocomplete.Group
                    key={group.value}
                    items={group.items}
                    className={group.value === 'All' ? 'header-search__all' : 'header-search__group'}
                  >
                    {group.value !== 'All' && (
                      <Autocomplete.GroupLabel className="header-search__label">{group.label}</Autocomplete.GroupLabel>
                    )}
                    <Autocomplete.Collection>
                      {(suggestion: Suggestion) => (
                        <Autocomplete.Item
                          key={suggestion.id}
                          value={suggestion}
                          className="header-search__item"
                          onClick={() => go(suggestion)}
                        >
                          {suggestion.image && <img src={suggestion.image} alt="" width={32} height={32} />}
                          <span>
                            {suggestion.label}
                            {suggestion.detail && <span className="muted"> — {suggestion.detail}</span>}
                          </span>
                        </Autocomplete.Item>
                      )}
                    </Autocomplete.Collection>
                  </Autocomplete.Group>
                )}
              </Autocomplete.List>
            </div>
          </Autocomplete.Positioner>
        </Autocomplete.Portal>
      )}
    </Autocomplete.Root>
  );
}
