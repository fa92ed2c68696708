import { RegistrationSchema } from '@liner/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Whether new accounts are open to all, by invitation, or closed (public). */
export const getRegistration = (signal?: AbortSignal) =>
  apiRequest('registration', { schema: RegistrationSchema, signal });

export const registrationQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.registration, queryFn: ({ signal }) => getRegistration(signal) });

export function useRegistration() {
  return useQuery(registrationQueryOptions());
}
