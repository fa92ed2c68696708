import { type ImportRow, ImportRowSchema } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, userMessage, withUserMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { dropUnmatchedRow } from './get-import-rows.ts';

/** POST /api/imports/:importId/rows/:rowNumber/skip (no body): the row is left out. */
export const skipImportRow = (importId: string, rowNumber: number) =>
  apiRequest<ImportRow>(`imports/${encodeURIComponent(importId)}/rows/${rowNumber}/skip`, {
    method: 'POST',
    schema: ImportRowSchema,
  });

/** Skips one unmatched row; it leaves the list and the counts are asked again. */
export function useSkipImportRow(
  userId: string,
  importId: string,
  rowNumber: number,
  onDone?: (row: ImportRow) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withUserMessage<void, ImportRow>(
      () => skipImportRow(importId, rowNumber),
      (error) => userMessage(error, t`Could not skip this row. Please try again.`),
    ),
    // Here rather than in mutate()'s callbacks, which would not run: the row's component is gone by then.
    onSuccess: (row) => {
      onDone?.(row);
      dropUnmatchedRow(queryClient, userId, importId, rowNumber);
      // A skip writes nothing but the row's status: only the counts move.
      void queryClient.invalidateQueries({ queryKey: queryKeys.imports(userId) });
    },
  });
}
