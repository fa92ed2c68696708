import type { AlbumSummary, ImportRow } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useId } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { useResolveImportRow } from '../api/resolve-import-row.ts';
import { useSkipImportRow } from '../api/skip-import-row.ts';
import { AlbumChoice } from './album-choice.tsx';
import { AlbumFinder } from './album-finder.tsx';

/** "Radiohead — OK Computer (1997)": how a row names what it is. */
export const rowName = (row: ImportRow) => `${row.artist} — ${row.title}${row.year ? ` (${row.year})` : ''}`;

/**
 * One row that matched no album: what it carries and why it did not match, the albums it may be,
 * a search for any other, and Skip. `onSettled` hears what became of it, in words to announce.
 */
export function UnmatchedRow({
  userId,
  importId,
  row,
  onSettled,
}: {
  userId: string;
  importId: string;
  row: ImportRow;
  onSettled: (rowNumber: number, announcement: string) => void;
}) {
  const titleId = useId();
  const name = rowName(row);
  const line = row.line;
  const resolve = useResolveImportRow(userId, importId, row.rowNumber, (done) => {
    if (done.album) {
      const album = done.album.name;
      const artist = done.album.artistName;
      onSettled(row.rowNumber, t`${name}: imported as ${album} by ${artist}`);
    } else onSettled(row.rowNumber, t`${name}: imported`);
  });
  const skip = useSkipImportRow(userId, importId, row.rowNumber, () => onSettled(row.rowNumber, t`${name}: skipped`));
  const busy = resolve.isPending || skip.isPending;

  const use = (album: AlbumSummary) => {
    skip.reset();
    resolve.mutate(album.id);
  };
  const skipIt = () => {
    resolve.reset();
    skip.mutate();
  };

  return (
    <li className="import-row">
      <article aria-labelledby={titleId}>
        {/* Focus comes here when the row before it is settled and leaves the list. */}
        <h3 id={titleId} className="import-row__title" tabIndex={-1} data-row-title>
          {name}
        </h3>
        <p className="import-row__summary">
          <span className="muted">{t`Line ${line}:`}</span> {row.summary}
        </p>
        {row.message && <p className="import-row__message">{row.message}</p>}
        {row.candidates.length > 0 && (
          <ul className="import-choices" aria-label={t`Albums it may be: ${name}`}>
            {row.candidates.map((album) => (
              <li key={album.id}>
                <AlbumChoice album={album} disabled={busy} onChoose={use} />
              </li>
            ))}
          </ul>
        )}
        <div className="import-row__actions">
          <AlbumFinder
            initialTerm={`${row.artist} ${row.title}`}
            hasCandidates={row.candidates.length > 0}
            disabled={busy}
            onChoose={use}
          />
          <button type="button" className="btn" disabled={busy} onClick={skipIt} aria-label={t`Skip ${name}`}>
            {t`Skip`}
          </button>
        </div>
        <FormError message={resolve.error?.message ?? skip.error?.message} />
      </article>
    </li>
  );
}
