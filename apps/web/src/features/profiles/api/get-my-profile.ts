import { MyProfileSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
