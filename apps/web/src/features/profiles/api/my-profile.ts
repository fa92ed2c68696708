import {
  type MigrateProfileResult,
  MigrateProfileResultSchema,
  type MyProfile,
  MyProfileSchema,
  type UpdateProfileBody,
} from '@liner/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

export const getMyProfile = () => apiRequest('users/me/profile', { schema: MyProfileSchema });

export const myProfileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.myProfile(userId), queryFn: getMyProfile });

export function useMyProfile(enabled = true) {
  const userId = useUserId();
  return useQuery({ ...myProfileQueryOptions(userId ?? ''), enabled: enabled && userId !== null });
}

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

export function useMigrateProfile() {
  return useMutation({
    mutationFn: () =>
      apiRequest<MigrateProfileResult>('users/me/profile/migrate', {
        method: 'POST',
        body: {},
        schema: MigrateProfileResultSchema,
      }),
  });
}

/** Saves the profile form: the picture first (when one was chosen), then name and bio. */
export function useSaveProfile() {
  const update = useUpdateMyProfile();
  const upload = useUploadPicture();
  return async (form: { picture: File | null } & UpdateProfileBody): Promise<MyProfile> => {
    const { picture, ...body } = form;
    if (picture) await upload.mutateAsync(picture);
    return update.mutateAsync(body);
  };
}
