import { FollowRequestOutcomeSchema } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** Approve or decline one follow request; the list, the bell and the member's counts follow. */
export function useAnswerFollowRequest() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: ({ requesterId, answer }: { requesterId: string; answer: 'approve' | 'decline' }) =>
      apiRequest(`users/me/follow-requests/${encodeURIComponent(requesterId)}/${answer}`, {
        method: 'POST',
        body: {},
        schema: FollowRequestOutcomeSchema,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.mine(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
      ]),
  });
}
