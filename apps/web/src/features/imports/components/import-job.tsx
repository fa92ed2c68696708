import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import { SkeletonState } from '../../../components/ui/skeleton.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { isActiveStatus, useImportJob } from '../api/get-import.ts';
import { ErrorRows } from './error-rows.tsx';
import { ImportProgress } from './import-progress.tsx';
import { RowsToResolve } from './rows-to-resolve.tsx';

/**
 * One import: its progress, then (once every row is read, so the list no longer grows under the
 * reader) the rows to resolve and the rows that could not be read. `focus`: it was just chosen or
 * started, so its heading takes the focus.
 */
export function ImportJobView({ userId, importId, focus }: { userId: string; importId: string; focus: boolean }) {
  const job = useImportJob(userId, importId);
  const heading = useRef<HTMLHeadingElement>(null);
  // Once the job has had rows to resolve, the section stays (saying none is left once the last is
  // settled) rather than vanishing from under the focus.
  const [resolving, setResolving] = useState(false);
  const data = job.data;
  const hasUnmatched = (data?.unmatched ?? 0) > 0;
  if (hasUnmatched && !resolving) setResolving(true);

  const loaded = Boolean(data);
  useEffect(() => {
    if (focus && loaded) heading.current?.focus();
  }, [focus, loaded]);

  if (!data) {
    return job.isError ? (
      <p className="form-error">{userMessage(job.error, t`Could not load this import.`)}</p>
    ) : (
      <SkeletonState fetchStatus={job.fetchStatus}>{null}</SkeletonState>
    );
  }
  const read = !isActiveStatus(data.status);
  return (
    <>
      <ImportProgress job={data} finished={job.finished} headingRef={heading} />
      {read && resolving && <RowsToResolve userId={userId} job={data} />}
      {read && data.errors > 0 && <ErrorRows userId={userId} job={data} />}
    </>
  );
}
