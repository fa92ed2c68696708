import { type MigrateProfileResult, MigrateProfileResultSchema } from '@liner/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

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
