import { useQueryClient } from '@tanstack/react-query';
import { LoginPage } from '../../../features/auth/components/login-page.tsx';
import { myProfileQueryOptions } from '../../../features/profiles/api/get-my-profile.ts';

/** /login (spec §2, Log In), told by the profiles feature whether the listener has a bio yet. */
export function Component() {
  const queryClient = useQueryClient();
  return (
    <LoginPage
      hasBio={async (userId) =>
        (await queryClient.fetchQuery({ ...myProfileQueryOptions(userId), staleTime: 0 })).bio.trim() !== ''
      }
    />
  );
}
