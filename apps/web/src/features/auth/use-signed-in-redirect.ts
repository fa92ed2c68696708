import { useRef } from 'react';
import { useSession } from '../../lib/session.tsx';

/**
 * Auth screens send signed-in users to / (spec §4) — except while the screen itself is finishing
 * a sign-in and will navigate on its own.
 */
export function useSignedInRedirect() {
  const { user } = useSession();
  const finishing = useRef(false);
  return {
    shouldRedirect: Boolean(user) && !finishing.current,
    markFinishing: () => {
      finishing.current = true;
    },
  };
}
