import {
  IMPORT_MAX_BYTES,
  IMPORT_NO_FILE,
  IMPORT_SOURCE_REQUIRED,
  IMPORT_TOO_LARGE,
  type ImportJob,
  ImportJobSchema,
  type ImportSource,
} from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest, userMessage, withUserMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A 20 MB file on a slow uplink takes minutes; the API's usual time-out would cut it off. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * What the server would refuse before a byte is sent, in its own words (the shared contract's):
 * no source, no file, a file over the limit. Null when the upload may go.
 */
export function checkImport(source: ImportSource | null, file: File | null): string | null {
  if (!source) return IMPORT_SOURCE_REQUIRED;
  if (!file) return IMPORT_NO_FILE;
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_TOO_LARGE;
  return null;
}

/** POST /api/imports: multipart, `source` before `file` (the server reads the stream in order). */
export const startImport = (source: ImportSource, file: File) => {
  const form = new FormData();
  form.append('source', source);
  form.append('file', file);
  return apiRequest<ImportJob>('imports', {
    method: 'POST',
    body: form,
    schema: ImportJobSchema,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
};

function uploadMessage(error: unknown): string {
  // A body over the limit may be cut off by the multipart parser before the route answers in words.
  if (error instanceof ApiRequestError && error.status === 413) return IMPORT_TOO_LARGE;
  return userMessage(error, t`Could not start the import. Please try again.`);
}

/** Uploads the file (checked first with `checkImport`); the new job goes to the top of the list. */
export function useStartImport(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withUserMessage<{ source: ImportSource; file: File }, ImportJob>(
      ({ source, file }) => startImport(source, file),
      uploadMessage,
    ),
    onSuccess: (job) => {
      queryClient.setQueryData(queryKeys.importJob(userId, job.id), job);
      queryClient.setQueryData<ImportJob[]>(queryKeys.importList(userId), (jobs) => [
        job,
        ...(jobs ?? []).filter((j) => j.id !== job.id),
      ]);
    },
  });
}
