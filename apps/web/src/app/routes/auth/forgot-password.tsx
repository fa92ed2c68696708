import { ForgotPasswordPage } from '../../../features/auth/components/forgot-password-page.tsx';

/** /forgot-password (spec §2, Password Reset). */
export function Component() {
  return <ForgotPasswordPage />;
}
