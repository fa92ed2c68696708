import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useDeletePost(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => apiRequest(`posts/${encodeURIComponent(postId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, postId) => {
      // Its own page is leaving (refetching it now would flash 'Post not found'); coming back asks again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.post(postId), refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: queryKeys.userPostsAll(userId) });
    },
  });
}
