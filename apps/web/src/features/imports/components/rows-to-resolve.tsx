import type { ImportJob } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { SkeletonState } from '../../../components/ui/skeleton.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useImportRows } from '../api/get-import-rows.ts';
import { UnmatchedRow } from './unmatched-row.tsx';

/**
 * The job's rows that matched no album, page by page, each to resolve or skip. A settled row leaves
 * the list; focus moves to the row that took its place (or to the heading when none is left), and
 * what became of it is announced.
 */
export function RowsToResolve({ userId, job }: { userId: string; job: ImportJob }) {
  const rows = useImportRows(userId, job.id, 'unmatched');
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const items = rows.data?.pages.flatMap((page) => page.rows) ?? [];
  const unmatched = job.unmatched;

  useEffect(() => {
    if (focusIndex === null) return;
    const titles = list.current?.querySelectorAll<HTMLElement>('[data-row-title]') ?? [];
    const next = titles[Math.min(focusIndex, titles.length - 1)];
    (next ?? heading.current)?.focus();
    setFocusIndex(null);
  });

  const settled = (rowNumber: number, text: string) => {
    setAnnouncement(text);
    setFocusIndex(
      Math.max(
        0,
        items.findIndex((row) => row.rowNumber === rowNumber),
      ),
    );
  };

  return (
    <section className="import-card" aria-labelledby={`import-${job.id}-resolve`}>
      <h2 id={`import-${job.id}-resolve`} ref={heading} tabIndex={-1}>
        {t`Rows to resolve`}
      </h2>
      <p className="muted">
        {unmatched > 0
          ? plural(unmatched, {
              one: '# row matches no album in the catalogue. Choose the album each one is, or skip it.',
              other: '# rows match no album in the catalogue. Choose the album each one is, or skip it.',
            })
          : t`Every row is resolved or skipped.`}
      </p>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {rows.isPending ? (
        <SkeletonState fetchStatus={rows.fetchStatus}>{null}</SkeletonState>
      ) : rows.isError ? (
        <p className="form-error">{userMessage(rows.error, t`Could not load the rows to resolve.`)}</p>
      ) : (
        items.length > 0 && (
          <ul ref={list} className="import-rows">
            {items.map((row) => (
              <UnmatchedRow key={row.rowNumber} userId={userId} importId={job.id} row={row} onSettled={settled} />
            ))}
          </ul>
        )
      )}
      {rows.hasNextPage && (
        <button
          type="button"
          className="btn"
          disabled={rows.isFetchingNextPage}
          onClick={() => void rows.fetchNextPage()}
        >
          {rows.isFetchingNextPage ? t`Loading…` : t`Load more rows`}
        </button>
      )}
    </section>
  );
}
