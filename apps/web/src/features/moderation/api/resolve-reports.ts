import {
  type ReportSubjectType,
  type ResolveReportsBody,
  type ResolveReportsResult,
  ResolveReportsResultSchema,
} from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, userMessage, withUserMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

export interface ResolveInput extends ResolveReportsBody {
  subjectType: ReportSubjectType;
  subjectId: string;
}

/** Handles every open report on one item (admins only). */
export const resolveReports = ({ subjectType, subjectId, ...body }: ResolveInput) =>
  apiRequest<ResolveReportsResult>(
    `admin/reports/${encodeURIComponent(subjectType)}/${encodeURIComponent(subjectId)}/resolve`,
    { method: 'POST', body, schema: ResolveReportsResultSchema },
  );

export function useResolveReports() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: withUserMessage(resolveReports, (error) =>
      userMessage(error, t`Failed to handle the reports. Please try again.`),
    ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminReports(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminAuditLog(userId) });
      // A removal or suspension changes what the other tabs and pages show.
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminPostsAll(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminMembersAll(userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
    },
  });
}
