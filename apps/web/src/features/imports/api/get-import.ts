import { type ImportJob, ImportJobSchema, type ImportStatus } from '@liner/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { refreshImportedData } from './refresh-imported-data.ts';

/** How often a queued or running job is asked about. */
export const IMPORT_POLL_MS = 1_500;

/** Still to be read: the job moves on its own, so it is watched. */
export const isActiveStatus = (status: ImportStatus) => status === 'queued' || status === 'running';

/** GET /api/imports/:importId (404 for anyone else's). */
export const getImport = (importId: string, signal?: AbortSignal) =>
  apiRequest<ImportJob>(`imports/${encodeURIComponent(importId)}`, { schema: ImportJobSchema, signal });

/**
 * One import job, asked again every 1.5 s while it is queued or running. It starts from the list's
 * copy (no request for a finished job the list already brought), and each answer is copied back
 * into the list, so both show the same counts.
 *
 * `finished` is the job as it was when this page saw it go from queued or running to done or
 * failed (null until then): what to announce, kept as it was while rows are resolved after.
 */
export function useImportJob(userId: string, importId: string) {
  const queryClient = useQueryClient();
  const listKey = queryKeys.importList(userId);
  const query = useQuery({
    queryKey: queryKeys.importJob(userId, importId),
    queryFn: async ({ signal }) => {
      const job = await getImport(importId, signal);
      queryClient.setQueryData<ImportJob[]>(listKey, (jobs) => jobs?.map((j) => (j.id === job.id ? job : j)));
      return job;
    },
    initialData: () => queryClient.getQueryData<ImportJob[]>(listKey)?.find((job) => job.id === importId),
    initialDataUpdatedAt: () => queryClient.getQueryState(listKey)?.dataUpdatedAt,
    refetchInterval: (q) => (q.state.data && isActiveStatus(q.state.data.status) ? IMPORT_POLL_MS : false),
  });

  // The status last seen, kept in state and compared during render (React's "storing information
  // from previous renders"), so the change is noticed once, in the render that shows it.
  const job = query.data;
  const [seen, setSeen] = useState({ importId, status: job?.status });
  const [finished, setFinished] = useState<ImportJob | null>(null);
  if (seen.importId !== importId || seen.status !== job?.status) {
    if (
      seen.importId === importId &&
      seen.status &&
      isActiveStatus(seen.status) &&
      job &&
      !isActiveStatus(job.status)
    ) {
      setFinished(job);
    }
    setSeen({ importId, status: job?.status });
  }
  useEffect(() => {
    if (finished) void refreshImportedData(queryClient, userId);
  }, [finished, queryClient, userId]);

  return { ...query, finished: finished?.id === importId ? finished : null };
}
