import { t } from '@lingui/core/macro';
import { EmailVerified } from '../../features/auth/components/email-verified.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /email-verified: where Better Auth sends a verification link after checking it. */
export function Component() {
  useDocumentTitle(t`E-mail verification`);
  return <EmailVerified />;
}
