import { CreateAccountPage } from '../../../features/auth/components/create-account-page.tsx';

/** /create-account (spec §2, Sign-up). */
export function Component() {
  return <CreateAccountPage />;
}
