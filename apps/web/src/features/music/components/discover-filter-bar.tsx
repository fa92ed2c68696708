import { type AlbumType, BROWSE_SORTS, type BrowseSort } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { FilterBar, FilterSelect } from '../../../components/ui/filter-bar.tsx';
import { AlbumTypeOptions, GenreOptions } from '../../../lib/catalog/filter-options.tsx';
import { type DiscoverFilters, listedDecades } from '../discover-filters.ts';

/** "1990s": a decade as the Decade filter names it. */
const decadeLabel = (decade: number) => t`${decade}s`;

/** How each order is named in the Sort by filter. */
function sortLabel(sort: BrowseSort): string {
  const labels: Record<BrowseSort, string> = { score: t`Score`, popular: t`Popularity`, newest: t`Newest` };
  return labels[sort];
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
  const decades = listedDecades();
  // A decade from a link that the list does not hold is still shown as chosen.
  const extraDecade = filters.decade !== undefined && !decades.includes(filters.decade) ? filters.decade : null;
  return (
    <FilterBar legend={t`Filter and sort albums`}>
      <FilterSelect
        label={t`Genre`}
        value={filters.genre ?? ''}
        onChange={(genre) => onChange({ ...filters, genre: genre || undefined })}
      >
        <GenreOptions current={filters.genre} />
      </FilterSelect>
      <FilterSelect
        label={t`Decade`}
        value={filters.decade === undefined ? '' : String(filters.decade)}
        onChange={(decade) => onChange({ ...filters, decade: decade ? Number(decade) : undefined })}
      >
        <option value="">{t`All decades`}</option>
        {extraDecade !== null && <option value={extraDecade}>{decadeLabel(extraDecade)}</option>}
        {decades.map((decade) => (
          <option key={decade} value={decade}>
            {decadeLabel(decade)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label={t`Type`}
        value={filters.type ?? ''}
        onChange={(type) => onChange({ ...filters, type: (type || undefined) as AlbumType | undefined })}
      >
        <AlbumTypeOptions allLabel={t`All types`} />
      </FilterSelect>
      <FilterSelect
        label={t`Sort by`}
        value={filters.sort}
        onChange={(sort) => onChange({ ...filters, sort: sort as BrowseSort })}
      >
        {BROWSE_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabel(sort)}
          </option>
        ))}
      </FilterSelect>
    </FilterBar>
  );
}
