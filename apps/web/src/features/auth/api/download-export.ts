import { t } from '@lingui/core/macro';
import { useMutation } from '@tanstack/react-query';
import { apiFile, UserFacingError, userMessage } from '../../../lib/api-client.ts';

/** An export of a long history takes a while to build; the usual time-out would cut it short. */
const EXPORT_TIMEOUT_MS = 120_000;
const exportFailed = () => t`Your file could not be prepared. Try again in a moment.`;

/** Hands the browser a file to save under its own name, as a download link would. */
function save({ blob, name }: { blob: Blob; name: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Asks the server for an export and saves it. Fetched rather than linked so the page can say the
 * file is being prepared, and show why it was refused (too many exports within the hour) instead
 * of saving the error as the file.
 */
export function useDownloadExport() {
  return useMutation({
    mutationFn: async (path: string) => {
      try {
        save(await apiFile(path, { timeoutMs: EXPORT_TIMEOUT_MS }));
      } catch (error) {
        throw new UserFacingError(userMessage(error, exportFailed()), error);
      }
    },
  });
}
