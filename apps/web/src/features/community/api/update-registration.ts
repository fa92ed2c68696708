import { type RegistrationMode, type RegistrationSettings, RegistrationSettingsSchema } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, userMessage, withUserMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useUserId } from '../../../lib/session.tsx';

/** Opens registration, makes it by invitation, or closes it. */
export const updateRegistration = (mode: RegistrationMode) =>
  apiRequest<RegistrationSettings>('admin/registration', {
    method: 'PUT',
    body: { mode },
    schema: RegistrationSettingsSchema,
  });

export function useUpdateRegistration() {
  const queryClient = useQueryClient();
  const userId = useUserId() ?? '';
  return useMutation({
    mutationFn: withUserMessage(updateRegistration, (error) =>
      userMessage(error, t`Failed to save the registration setting. Please try again.`),
    ),
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.adminRegistration(userId), settings);
      // The sign-up page of this browser reads the public mode.
      void queryClient.invalidateQueries({ queryKey: queryKeys.registration });
    },
  });
}
