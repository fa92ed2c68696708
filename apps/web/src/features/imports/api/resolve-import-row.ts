import { type ImportRow, ImportRowSchema } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, userMessage, withUserMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { dropUnmatchedRow } from './get-import-rows.ts';
import { refreshImportedData } from './refresh-imported-data.ts';

/** POST /api/imports/:importId/rows/:rowNumber/resolve: the row is imported to the album chosen. */
export const resolveImportRow = (importId: string, rowNumber: number, albumId: string) =>
  apiRequest<ImportRow>(`imports/${encodeURIComponent(importId)}/rows/${rowNumber}/resolve`, {
    method: 'POST',
    body: { albumId },
    schema: ImportRowSchema,
  });

/** Resolves one unmatched row; it leaves the list, and the counts and what it wrote are asked again. */
export function useResolveImportRow(
  userId: string,
  importId: string,
  rowNumber: number,
  onDone?: (row: ImportRow) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withUserMessage<string, ImportRow>(
      (albumId) => resolveImportRow(importId, rowNumber, albumId),
      (error) => userMessage(error, t`Could not import this row. Please try again.`),
    ),
    // Here rather than in mutate()'s callbacks, which would not run: the row's component is gone by then.
    onSuccess: (row) => {
      onDone?.(row);
      dropUnmatchedRow(queryClient, userId, importId, rowNumber);
      void queryClient.invalidateQueries({ queryKey: queryKeys.imports(userId) });
      void refreshImportedData(queryClient, userId);
    },
  });
}
