import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useNavigateAndArrive } from '../../../lib/navigate-and-arrive.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import { PasswordField } from './auth-fields.tsx';
import '../../../components/ui/form.css';
import './settings.css';

export function DeleteAccountCard() {
  const navigateAndArrive = useNavigateAndArrive();
  const { refetch } = useSession();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // Deleted, the dialog stays busy while the app leaves the page.
  const busy = remove.isPending || remove.isSuccess;
  return (
    <section className="settings-card settings-card--danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{t`Delete account`}</h2>
      <p className="muted">{t`This removes your profile, ratings, collection, lists and posts for good.`}</p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        {t`Delete my account`}
      </button>
      {open && (
        <Modal title={t`Delete your account?`} onClose={() => setOpen(false)}>
          <form
            className="form"
            onSubmit={(event) => {
              event.preventDefault();
              remove.mutate(
                { password, confirm },
                {
                  onSuccess: async () => {
                    // Leave the signed-in-only page first (the home route may still be loading its
                    // code), then forget the session; otherwise this page's guard sends us to /login.
                    await navigateAndArrive(paths.home(), { replace: true });
                    await refetch();
                  },
                },
              );
            }}
          >
            <p>{t`This cannot be undone. Enter your password to confirm (accounts without one: type DELETE).`}</p>
            <PasswordField
              label={t`Password`}
              autoComplete="current-password"
              required={false}
              value={password}
              onChange={setPassword}
            />
            <Field label={t`Or type DELETE`} value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            <FormError message={remove.error?.message} />
            <div className="modal__footer">
              <button type="button" className="btn" onClick={() => setOpen(false)}>
                {t`Cancel`}
              </button>
              <SubmitButton
                label={t`Delete account`}
                variant="danger"
                busy={busy}
                busyLabel={t`Deleting...`}
                disabled={!password && !confirm}
              />
            </div>
          </form>
        </Modal>
      )}
    </section>
  );
}
