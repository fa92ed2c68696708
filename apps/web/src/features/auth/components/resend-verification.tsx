import { t } from '@lingui/core/macro';
import { FormError } from '../../../components/ui/form-message.tsx';
import { useSendVerificationEmail } from '../api/send-verification-email.ts';
import '../../../components/ui/form.css';
import './verify-email-banner.css';

/** 'Resend link' and what came of it; the banner and /email-verified both offer it. */
export function ResendVerification({ email }: { email: string }) {
  const send = useSendVerificationEmail();
  return (
    <div className="resend-verification">
      <button type="button" className="btn" disabled={send.isPending} onClick={() => send.mutate(email)}>
        {send.isPending ? t`Sending...` : t`Resend link`}
      </button>
      {/* Present before anything is sent, so screen readers announce the confirmation when it appears. */}
      <div role="status" className="resend-verification__status">
        {send.isSuccess && <p className="form-success">{t`Verification link sent. Check your inbox.`}</p>}
      </div>
      <FormError message={send.error?.message} />
    </div>
  );
}
