import { type MyProfile, MyProfileSchema, type UpdateProfileBody } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: (body: UpdateProfileBody) =>
      apiRequest<MyProfile>('users/me/profile', { method: 'PUT', body, schema: MyProfileSchema }),
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.myProfile(userId), profile);
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
    },
  });
}
