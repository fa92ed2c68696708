import { type LikeState, LikeStateSchema } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, userMessage } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';
import { type Subject, subjectPath } from './subject.ts';

/**
 * Like or take back a like: POST or DELETE /api/{posts|lists}/{id}/like. The button shows the change
 * at once (components/reactions/like-button.tsx); afterwards the lists that show the subject's count
 * are refreshed.
 */
export function useLike(subject: Subject) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (like: boolean) => {
      try {
        return await apiRequest<LikeState>(`${subjectPath(subject)}/like`, {
          method: like ? 'POST' : 'DELETE',
          body: like ? {} : undefined,
          schema: LikeStateSchema,
        });
      } catch (error) {
        throw new Error(userMessage(error, t`Failed to update your like. Please try again.`), { cause: error });
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: subject.type === 'post' ? queryKeys.posts : queryKeys.lists });
      if (subject.type === 'post') void queryClient.invalidateQueries({ queryKey: queryKeys.albums, type: 'active' });
    },
  });
}
