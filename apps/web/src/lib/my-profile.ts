import { type Audience, MyProfileSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';
import { useUserId } from './session.tsx';

/**
 * The signed-in member's own profile (GET /api/users/me/profile). It lives here, below the features,
 * because more than the profile feature reads it: every form that writes something with an audience
 * starts from the member's default one.
 */
export const getMyProfile = () => apiRequest('users/me/profile', { schema: MyProfileSchema });

export const myProfileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: queryKeys.myProfile(userId), queryFn: getMyProfile });

export function useMyProfile(enabled = true) {
  const userId = useUserId();
  return useQuery({ ...myProfileQueryOptions(userId ?? ''), enabled: enabled && userId !== null });
}

/**
 * The audience the member chose in Settings for what they write, or undefined while it loads (the
 * server applies it to anything sent without one).
 */
export function useDefaultAudience(enabled = true): Audience | undefined {
  return useMyProfile(enabled).data?.defaultAudience;
}
