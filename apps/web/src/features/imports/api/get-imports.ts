import { type ImportJob, ImportJobListSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/imports: the signed-in user's last imports, newest first (at most 20). */
export const getImports = (signal?: AbortSignal) =>
  apiRequest<ImportJob[]>('imports', { schema: ImportJobListSchema, signal });

export const importsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.importList(userId),
    queryFn: ({ signal }) => getImports(signal),
  });

export function useImports(userId: string) {
  return useQuery(importsQueryOptions(userId));
}
