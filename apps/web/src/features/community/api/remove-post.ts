import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, userMessage, withUserMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** Removes anyone's post (admins only). */
export const removePost = (postId: string) =>
  apiRequest<void>(`admin/posts/${encodeURIComponent(postId)}`, { method: 'DELETE' });

export function useRemovePost() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: withUserMessage(removePost, (error) =>
      userMessage(error, t`Failed to remove the post. Please try again.`),
    ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminPostsAll(userId) });
      // Gone from the author's profile too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
    },
  });
}
