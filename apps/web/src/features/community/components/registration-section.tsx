import { t } from '@lingui/core/macro';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useRegistrationSettings } from '../api/get-registration-settings.ts';
import { Invitations } from './invitations.tsx';
import { RegistrationModeForm } from './registration-mode-form.tsx';
import './community.css';

/** Registration: who may create an account, and the invitations. */
export function RegistrationSection() {
  const settings = useRegistrationSettings();
  return (
    <section className="card admin-card" aria-labelledby="registration-heading">
      <h2 id="registration-heading">{t`Registration`}</h2>
      {settings.isPending ? (
        <PendingState fetchStatus={settings.fetchStatus} className="admin-card__state" />
      ) : settings.isError ? (
        <div className="form-error" role="alert">
          {t`Failed to load the registration settings: ${userMessage(settings.error, t`Please try again.`)}`}{' '}
          <button type="button" className="btn" onClick={() => settings.refetch()}>
            {t`Retry`}
          </button>
        </div>
      ) : (
        <div className="community-registration">
          <RegistrationModeForm settings={settings.data} />
          <Invitations invites={settings.data.invites} />
        </div>
      )}
    </section>
  );
}
