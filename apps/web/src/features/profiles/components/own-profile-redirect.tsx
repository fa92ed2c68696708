import { Navigate } from 'react-router';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { LoadingStatus } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useMyProfile } from '../api/get-my-profile.ts';

/** /profile: the own profile, or log-in for visitors (spec §2). */
export function OwnProfileRedirect({ edit = false }: { edit?: boolean }) {
  const { user, isLoading } = useSession();
  const me = useMyProfile(Boolean(user));
  // The shell no longer waits for the session check: a signed-in user must not be sent to log in.
  if (isLoading) return <LoadingStatus />;
  if (!user) return <Navigate to={paths.login()} replace />;
  if (me.isPending) return <PendingState fetchStatus={me.fetchStatus} className="center-state" />;
  const name = me.data?.displayName ?? user.name;
  return <Navigate to={paths.profile(name, edit ? 'edit=1' : '')} replace />;
}

/** /edit-profile (avatar menu): the own profile with the edit dialog open. */
export function EditProfileRedirect() {
  return <OwnProfileRedirect edit />;
}
