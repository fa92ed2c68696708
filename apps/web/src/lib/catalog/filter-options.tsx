import { ALBUM_TYPES } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { sentenceCase } from './format.ts';
import { useGenres } from './get-genres.ts';
import { albumTypeLabel } from './labels.ts';

/** The genre choices: "All genres", then the catalogue's, and the address's own when it is not among them. */
export function GenreOptions({ current }: { current: string | undefined }) {
  const genres = useGenres();
  const known = genres.data ?? [];
  const missing = current && !known.some((genre) => genre.slug === current);
  return (
    <>
      <option value="">{t`All genres`}</option>
      {missing && <option value={current}>{current}</option>}
      {known.map((genre) => (
        <option key={genre.slug} value={genre.slug}>
          {sentenceCase(genre.name)}
        </option>
      ))}
    </>
  );
}

/** The release types, after an "all" choice worded by the caller. */
export function AlbumTypeOptions({ allLabel }: { allLabel: string }) {
  return (
    <>
      <option value="">{allLabel}</option>
      {ALBUM_TYPES.map((type) => (
        <option key={type} value={type}>
          {albumTypeLabel(type)}
        </option>
      ))}
    </>
  );
}
