import { type CreateNoteBody, type Post, PostSchema } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useCreateNote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNoteBody) => apiRequest<Post>('posts', { method: 'POST', body, schema: PostSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userPostsAll(userId) }),
  });
}
