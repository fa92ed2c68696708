import { type Post, PostSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One note or review, with whether the viewer liked it: GET /api/posts/{id} (404 POST_NOT_FOUND). */
export const getPost = (postId: string, signal?: AbortSignal) =>
  apiRequest<Post>(`posts/${encodeURIComponent(postId)}`, { schema: PostSchema, signal });

export const postQueryOptions = (postId: string) =>
  queryOptions({ queryKey: queryKeys.post(postId), queryFn: ({ signal }) => getPost(postId, signal) });

export function usePost(postId: string) {
  return useQuery(postQueryOptions(postId));
}
