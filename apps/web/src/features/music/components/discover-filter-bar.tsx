import { ALBUM_TYPES, type AlbumType, BROWSE_SORTS, type BrowseSort } from '@liner/shared';
import { type ReactNode, useId } from 'react';
import { ALBUM_TYPE_LABELS, sentenceCase } from '../../../lib/catalog/format.ts';
import { useGenres } from '../../../lib/catalog/get-genres.ts';
import { type DiscoverFilters, listedDecades, SORT_LABELS } from '../discover-filters.ts';

/** A visible label over a native select: one Tab stop, arrow keys and typing choose, on every device. */
function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="discover-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

/**
 * Genre, Decade, Type and Sort. Each choice is a new address (the caller's `onChange`), so Back
 * returns to the albums before it.
 */
export function DiscoverFilterBar({
  filters,
  onChange,
}: {
  filters: DiscoverFilters;
  onChange: (next: DiscoverFilters) => void;
}) {
  const genres = useGenres();
  const known = genres.data ?? [];
  const decades = listedDecades();
  // A genre or decade from a link that the lists do not hold is still shown as chosen.
  const extraGenre = filters.genre && !known.some((genre) => genre.slug === filters.genre) ? filters.genre : null;
  const extraDecade = filters.decade !== undefined && !decades.includes(filters.decade) ? filters.decade : null;
  return (
    <fieldset className="discover-filters">
      <legend className="visually-hidden">Filter and sort albums</legend>
      <FilterSelect
        label="Genre"
        value={filters.genre ?? ''}
        onChange={(genre) => onChange({ ...filters, genre: genre || undefined })}
      >
        <option value="">All genres</option>
        {extraGenre && <option value={extraGenre}>{extraGenre}</option>}
        {known.map((genre) => (
          <option key={genre.slug} value={genre.slug}>
            {sentenceCase(genre.name)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Decade"
        value={filters.decade === undefined ? '' : String(filters.decade)}
        onChange={(decade) => onChange({ ...filters, decade: decade ? Number(decade) : undefined })}
      >
        <option value="">All decades</option>
        {extraDecade !== null && <option value={extraDecade}>{extraDecade}s</option>}
        {decades.map((decade) => (
          <option key={decade} value={decade}>
            {decade}s
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Type"
        value={filters.type ?? ''}
        onChange={(type) => onChange({ ...filters, type: (type || undefined) as AlbumType | undefined })}
      >
        <option value="">All types</option>
        {ALBUM_TYPES.map((type) => (
          <option key={type} value={type}>
            {ALBUM_TYPE_LABELS[type]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Sort by"
        value={filters.sort}
        onChange={(sort) => onChange({ ...filters, sort: sort as BrowseSort })}
      >
        {BROWSE_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </FilterSelect>
    </fieldset>
  );
}
