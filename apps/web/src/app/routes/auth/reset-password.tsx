import { ResetPasswordPage } from '../../../features/auth/components/reset-password-page.tsx';

/** /reset-password?token=… (the e-mailed link). */
export function Component() {
  return <ResetPasswordPage />;
}
