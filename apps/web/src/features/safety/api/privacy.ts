import { MyProfileSchema, type PrivacySettings } from '@liner/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** The member's own profile (GET /api/users/me/profile), where the privacy settings are read. */
export function usePrivacy() {
  const userId = useUserId();
  return useQuery({
    queryKey: queryKeys.myProfile(userId ?? ''),
    queryFn: () => apiRequest('users/me/profile', { schema: MyProfileSchema }),
    enabled: userId !== null,
    select: (profile): PrivacySettings => ({ locked: profile.locked, defaultAudience: profile.defaultAudience }),
  });
}

/** PUT /api/users/me/privacy. Unlocking approves every waiting request, so counts and requests refresh. */
export function useSavePrivacy() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (settings: PrivacySettings) =>
      apiRequest('users/me/privacy', { method: 'PUT', body: settings, schema: MyProfileSchema }),
    onSuccess: (profile) => {
      if (userId) queryClient.setQueryData(queryKeys.myProfile(userId), profile);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
        userId ? queryClient.invalidateQueries({ queryKey: queryKeys.followRequests(userId) }) : undefined,
      ]),
  });
}
