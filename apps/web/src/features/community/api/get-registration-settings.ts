import { RegistrationSettingsSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** The registration mode, the environment's default and the invitations (admins only). */
export const getRegistrationSettings = (signal?: AbortSignal) =>
  apiRequest('admin/registration', { schema: RegistrationSettingsSchema, signal });

export const registrationSettingsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.adminRegistration(userId),
    queryFn: ({ signal }) => getRegistrationSettings(signal),
  });

export function useRegistrationSettings() {
  const userId = useUserId();
  return useQuery({ ...registrationSettingsQueryOptions(userId ?? ''), enabled: userId !== null });
}
