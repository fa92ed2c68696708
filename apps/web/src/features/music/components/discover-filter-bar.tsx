import { type AlbumType, BROWSE_SORTS, type BrowseSort } from '@liner/shared';
import { FilterBar, FilterSelect } from '../../../components/ui/filter-bar.tsx';
import { AlbumTypeOptions, GenreOptions } from '../../../lib/catalog/filter-options.tsx';
import { type DiscoverFilters, listedDecades, SORT_LABELS } from '../discover-filters.ts';

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
  const decades = listedDecades();
  // A decade from a link that the list does not hold is still shown as chosen.
  const extraDecade = filters.decade !== undefined && !decades.includes(filters.decade) ? filters.decade : null;
  return (
    <FilterBar legend="Filter and sort albums">
      <FilterSelect
        label="Genre"
        value={filters.genre ?? ''}
        onChange={(genre) => onChange({ ...filters, genre: genre || undefined })}
      >
        <GenreOptions current={filters.genre} />
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
        <AlbumTypeOptions allLabel="All types" />
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
    </FilterBar>
  );
}
