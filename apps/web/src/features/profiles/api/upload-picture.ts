import { type MyProfile, MyProfileSchema } from '@liner/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

export function useUploadPicture() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('picture', file);
      return apiRequest<MyProfile>('users/me/profile/picture', {
        method: 'POST',
        body: form,
        schema: MyProfileSchema,
        timeoutMs: 30_000,
      });
    },
    onSuccess: (profile) => queryClient.setQueryData(queryKeys.myProfile(userId), profile),
  });
}
