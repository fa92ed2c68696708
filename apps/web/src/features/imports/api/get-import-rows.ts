import { type ImportRowPage, ImportRowPageSchema, type ImportRowStatus } from '@liner/shared';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/imports/:importId/rows?status=…&cursor=…: 50 rows a page, in file order. */
export const getImportRows = (importId: string, status: ImportRowStatus, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<ImportRowPage>(
    `imports/${encodeURIComponent(importId)}/rows?${new URLSearchParams(cursor ? { status, cursor } : { status })}`,
    { schema: ImportRowPageSchema, signal },
  );

/** One job's rows of one status, page by page; asked only while `enabled`. */
export function useImportRows(userId: string, importId: string, status: ImportRowStatus, enabled = true) {
  return useInfiniteQuery({
    queryKey: queryKeys.importRows(userId, importId, status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getImportRows(importId, status, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** A row settled (resolved or skipped) leaves the unmatched list at once, before the list is asked again. */
export function dropUnmatchedRow(queryClient: QueryClient, userId: string, importId: string, rowNumber: number) {
  queryClient.setQueryData<InfiniteData<ImportRowPage>>(
    queryKeys.importRows(userId, importId, 'unmatched'),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, rows: page.rows.filter((row) => row.rowNumber !== rowNumber) })),
      },
  );
}
