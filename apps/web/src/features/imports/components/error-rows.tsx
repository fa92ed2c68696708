import type { ImportJob } from '@liner/shared';
import { useState } from 'react';
import { SkeletonState } from '../../../components/ui/skeleton.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useImportRows } from '../api/get-import-rows.ts';
import { formatNumber } from './import-format.ts';

/** The rows that could not be read, each with its line and reason; asked for when first opened. */
export function ErrorRows({ userId, job }: { userId: string; job: ImportJob }) {
  const [opened, setOpened] = useState(false);
  const rows = useImportRows(userId, job.id, 'error', opened);
  const items = rows.data?.pages.flatMap((page) => page.rows) ?? [];
  return (
    <details className="import-card import-errors" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="import-errors__summary">Rows that could not be read ({formatNumber(job.errors)})</summary>
      {!opened ? null : rows.isPending ? (
        <SkeletonState fetchStatus={rows.fetchStatus}>{null}</SkeletonState>
      ) : rows.isError ? (
        <p className="form-error">{userMessage(rows.error, 'Could not load these rows.')}</p>
      ) : (
        <ul className="import-errors__list">
          {items.map((row) => (
            <li key={row.rowNumber} className="import-errors__row">
              <span className="import-errors__where">
                Line {row.line}
                {(row.artist || row.title) && `: ${[row.artist, row.title].filter(Boolean).join(' — ')}`}
              </span>
              <span className="import-errors__why">{row.message}</span>
            </li>
          ))}
        </ul>
      )}
      {rows.hasNextPage && (
        <button
          type="button"
          className="btn"
          disabled={rows.isFetchingNextPage}
          onClick={() => void rows.fetchNextPage()}
        >
          {rows.isFetchingNextPage ? 'Loading…' : 'Load more rows'}
        </button>
      )}
    </details>
  );
}
