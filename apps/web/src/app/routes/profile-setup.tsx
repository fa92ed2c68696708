import { ProfileSetupPage } from '../../features/profiles/components/profile-setup-page.tsx';

/** /profile-setup (spec §4): name, picture and bio after sign-up. */
export function Component() {
  return <ProfileSetupPage />;
}
