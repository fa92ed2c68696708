import type { AlbumType } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { FilterBar, FilterSelect } from '../../../components/ui/filter-bar.tsx';
import { AlbumTypeOptions, GenreOptions } from '../../../lib/catalog/filter-options.tsx';
import { CHART_DECADES, type ChartFilters, listedYears, periodFromValue, periodValue } from '../chart-filters.ts';

/** "1990s": a decade as the Period filter names it. */
const decadeLabel = (decade: number) => t`${decade}s`;

/**
 * Genre, Period and (for albums) Type. Each choice is a new address (the caller's `onChange`), so
 * Back returns to the chart before it. Period is one select holding decades and years, so only one
 * of them is ever chosen.
 */
export function ChartFilterBar({
  filters,
  onChange,
}: {
  filters: ChartFilters;
  onChange: (next: ChartFilters) => void;
}) {
  const years = listedYears();
  // A year or decade from an older link that the lists do not hold is still shown as chosen.
  const extraYear = filters.year !== undefined && !years.includes(filters.year) ? filters.year : undefined;
  const extraDecade =
    filters.decade !== undefined && !(CHART_DECADES as readonly number[]).includes(filters.decade)
      ? filters.decade
      : undefined;
  return (
    <FilterBar legend={t`Filters`}>
      <FilterSelect
        label={t`Genre`}
        value={filters.genre ?? ''}
        onChange={(genre) => onChange({ ...filters, genre: genre || undefined })}
      >
        <GenreOptions current={filters.genre} />
      </FilterSelect>
      <FilterSelect
        label={t`Period`}
        value={periodValue(filters)}
        onChange={(value) => onChange({ ...filters, ...periodFromValue(value) })}
      >
        <option value="">{t`All time`}</option>
        <optgroup label={t`Decades`}>
          {CHART_DECADES.map((decade) => (
            <option key={decade} value={`decade:${decade}`}>
              {decadeLabel(decade)}
            </option>
          ))}
          {extraDecade !== undefined && <option value={`decade:${extraDecade}`}>{decadeLabel(extraDecade)}</option>}
        </optgroup>
        <optgroup label={t`Years`}>
          {years.map((year) => (
            <option key={year} value={`year:${year}`}>
              {year}
            </option>
          ))}
          {extraYear !== undefined && <option value={`year:${extraYear}`}>{extraYear}</option>}
        </optgroup>
      </FilterSelect>
      {filters.kind === 'albums' && (
        <FilterSelect
          label={t`Type`}
          value={filters.type ?? ''}
          onChange={(type) => onChange({ ...filters, type: (type || undefined) as AlbumType | undefined })}
        >
          <AlbumTypeOptions allLabel={t`All`} />
        </FilterSelect>
      )}
    </FilterBar>
  );
}
