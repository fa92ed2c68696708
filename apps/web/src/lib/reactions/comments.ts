import { type Comment, type CommentPage, CommentPageSchema, CommentSchema } from '@liner/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, userMessage } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';
import { type Subject, subjectPath } from './subject.ts';

/** A subject's comments, oldest first, page by page; fetched only once the thread is opened. */
export function useComments(subject: Subject, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeys.comments(subject.type, subject.id),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest<CommentPage>(
        `${subjectPath(subject)}/comments${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: CommentPageSchema },
      ),
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** After a comment changes: the thread, and every list showing the subject's comment count. */
function useRefresh(subject: Subject) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.comments(subject.type, subject.id) });
    void queryClient.invalidateQueries({ queryKey: subject.type === 'post' ? queryKeys.posts : queryKeys.lists });
    if (subject.type === 'post') void queryClient.invalidateQueries({ queryKey: queryKeys.albums, type: 'active' });
  };
}

/** Errors in the words the comment box shows: the server's message for a refusal. */
const worded = (fallback: string) => (error: unknown) => {
  throw new Error(userMessage(error, fallback), { cause: error });
};

export function useAddComment(subject: Subject) {
  const refresh = useRefresh(subject);
  return useMutation({
    mutationFn: (content: string) =>
      apiRequest<Comment>(`${subjectPath(subject)}/comments`, {
        method: 'POST',
        body: { content },
        schema: CommentSchema,
      }).catch(worded('Failed to post your comment. Please try again.')),
    onSuccess: refresh,
  });
}

export function useEditComment(subject: Subject) {
  const refresh = useRefresh(subject);
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      apiRequest<Comment>(`comments/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { content },
        schema: CommentSchema,
      }).catch(worded('Failed to save your comment. Please try again.')),
    onSuccess: refresh,
  });
}

export function useDeleteComment(subject: Subject) {
  const refresh = useRefresh(subject);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`comments/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(
        worded('Failed to delete the comment. Please try again.'),
      ),
    onSuccess: refresh,
  });
}
