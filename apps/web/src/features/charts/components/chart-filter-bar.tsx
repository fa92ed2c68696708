import { ALBUM_TYPES, type AlbumType } from '@liner/shared';
import { type ReactNode, useId } from 'react';
import { ALBUM_TYPE_LABELS, sentenceCase } from '../../../lib/catalog/format.ts';
import { useGenres } from '../../../lib/catalog/get-genres.ts';
import { CHART_DECADES, type ChartFilters, listedYears, periodFromValue, periodValue } from '../chart-filters.ts';

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
    <div className="chart-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** The genre choices: "All genres", then the catalogue's, and the address's own when it is not among them. */
function GenreOptions({ current }: { current: string | undefined }) {
  const genres = useGenres();
  const known = genres.data ?? [];
  const missing = current && !known.some((genre) => genre.slug === current);
  return (
    <>
      <option value="">All genres</option>
      {missing && <option value={current}>{current}</option>}
      {known.map((genre) => (
        <option key={genre.slug} value={genre.slug}>
          {sentenceCase(genre.name)}
        </option>
      ))}
    </>
  );
}

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
    <fieldset className="chart-filters">
      <legend className="visually-hidden">Filters</legend>
      <FilterSelect
        label="Genre"
        value={filters.genre ?? ''}
        onChange={(genre) => onChange({ ...filters, genre: genre || undefined })}
      >
        <GenreOptions current={filters.genre} />
      </FilterSelect>
      <FilterSelect
        label="Period"
        value={periodValue(filters)}
        onChange={(value) => onChange({ ...filters, ...periodFromValue(value) })}
      >
        <option value="">All time</option>
        <optgroup label="Decades">
          {CHART_DECADES.map((decade) => (
            <option key={decade} value={`decade:${decade}`}>
              {decade}s
            </option>
          ))}
          {extraDecade !== undefined && <option value={`decade:${extraDecade}`}>{extraDecade}s</option>}
        </optgroup>
        <optgroup label="Years">
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
          label="Type"
          value={filters.type ?? ''}
          onChange={(type) => onChange({ ...filters, type: (type || undefined) as AlbumType | undefined })}
        >
          <option value="">All</option>
          {ALBUM_TYPES.map((type) => (
            <option key={type} value={type}>
              {ALBUM_TYPE_LABELS[type]}
            </option>
          ))}
        </FilterSelect>
      )}
    </fieldset>
  );
}
