import type { ImportJob } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { SkeletonState } from '../../../components/ui/skeleton.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { intlLocale } from '../../../lib/i18n/i18n.ts';
import { useImportRows } from '../api/get-import-rows.ts';

/** The rows that could not be read, each with its line and reason; asked for when first opened. */
export function ErrorRows({ userId, job }: { userId: string; job: ImportJob }) {
  const [opened, setOpened] = useState(false);
  const rows = useImportRows(userId, job.id, 'error', opened);
  const items = rows.data?.pages.flatMap((page) => page.rows) ?? [];
  const errors = new Intl.NumberFormat(intlLocale()).format(job.errors);
  return (
    <details className="import-card import-errors" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="import-errors__summary">{t`Rows that could not be read (${errors})`}</summary>
      {!opened ? null : rows.isPending ? (
        <SkeletonState fetchStatus={rows.fetchStatus}>{null}</SkeletonState>
      ) : rows.isError ? (
        <p className="form-error">{userMessage(rows.error, t`Could not load these rows.`)}</p>
      ) : (
        <ul className="import-errors__list">
          {items.map((row) => {
            const line = row.line;
            const what = [row.artist, row.title].filter(Boolean).join(' — ');
            return (
              <li key={row.rowNumber} className="import-errors__row">
                <span className="import-errors__where">{what ? t`Line ${line}: ${what}` : t`Line ${line}`}</span>
                <span className="import-errors__why">{row.message}</span>
              </li>
            );
          })}
        </ul>
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
    </details>
  );
}
