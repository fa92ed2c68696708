import { type CreateReportBody, type ReportReceipt, ReportReceiptSchema } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, userMessage, withUserMessage } from '../api-client.ts';

/** Sends a report to the moderators; the server says why when it refuses (already reported, too many). */
export const createReport = (body: CreateReportBody) =>
  apiRequest<ReportReceipt>('reports', { method: 'POST', body, schema: ReportReceiptSchema });

export function useCreateReport() {
  return useMutation({
    mutationFn: withUserMessage(createReport, (error) =>
      userMessage(error, t`Failed to send the report. Please try again.`),
    ),
  });
}
