import { type Member, type MemberPage, MemberSchema } from '@liner/shared';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, userMessage, withUserMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** What an admin can do to an account from the members list. */
export type MemberAction = 'suspend' | 'lift' | 'delete';

export interface ModerateInput {
  action: MemberAction;
  member: Member;
}

const FAILED: Record<MemberAction, string> = {
  suspend: 'Failed to suspend the account. Please try again.',
  lift: 'Failed to lift the suspension. Please try again.',
  delete: 'Failed to delete the account. Please try again.',
};

/**
 * Suspends (their sessions end, they cannot sign in), lifts a suspension, or deletes the account
 * and all it owns. The server refuses admins and yourself with a message fit to show.
 */
export function moderateMember({ action, member }: ModerateInput): Promise<Member | undefined> {
  const id = encodeURIComponent(member.id);
  if (action === 'delete') return apiRequest<undefined>(`admin/members/${id}`, { method: 'DELETE' });
  if (action === 'lift') {
    return apiRequest<Member>(`admin/members/${id}/suspension`, { method: 'DELETE', schema: MemberSchema });
  }
  // An empty object, not no body: the server answers a PUT without a JSON body with 400.
  return apiRequest<Member>(`admin/members/${id}/suspension`, { method: 'PUT', body: {}, schema: MemberSchema });
}

export function useModerateMember() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: (input: ModerateInput) =>
      withUserMessage(moderateMember, (error) => userMessage(error, FAILED[input.action]))(input),
    onSuccess: (member, { action }) => {
      // The row shows its new state at once, from the server's answer, whatever a list read still
      // in flight says; the totals and the suspended filter move too, so every members page is
      // read again.
      if (member) {
        queryClient.setQueriesData<InfiniteData<MemberPage>>({ queryKey: queryKeys.adminMembersAll(userId) }, (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  members: page.members.map((shown) => (shown.id === member.id ? member : shown)),
                })),
              }
            : data,
        );
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminMembersAll(userId) });
      // A deleted account's posts are gone from every list.
      if (action === 'delete') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.adminPostsAll(userId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      }
    },
  });
}
