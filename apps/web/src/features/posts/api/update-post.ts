import { type Post, PostSchema, type UpdatePostBody } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Edits one of your posts: PATCH /api/posts/{id}. A review's new rating is your album rating
 * (ADR 21), so everything that shows it or the album's score is refreshed with the post.
 */
export function useUpdatePost(post: Pick<Post, 'id' | 'userId' | 'album'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdatePostBody) =>
      apiRequest<Post>(`posts/${encodeURIComponent(post.id)}`, { method: 'PATCH', body: changes, schema: PostSchema }),
    onSuccess: (_updated, changes) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.userPostsAll(post.userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      const albumId = post.album?.id;
      if (changes.rating === undefined || !albumId) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.myAlbumRatings(post.userId, albumId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.collection(post.userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userStats(post.userId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userCollections });
      void queryClient.invalidateQueries({ queryKey: queryKeys.albumCommunity(albumId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.topMusic });
      void queryClient.invalidateQueries({ queryKey: queryKeys.artists });
    },
  });
}
