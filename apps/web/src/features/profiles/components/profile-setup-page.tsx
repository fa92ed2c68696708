import { BIO_MAX, MIGRATION_RELOAD_DELAY_MS } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Field, TextAreaField } from '../../../components/ui/field.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { fromServer } from '../../../lib/i18n/runtime.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMyProfile } from '../api/get-my-profile.ts';
import { useMigrateProfile } from '../api/migrate-profile.ts';
import { useProfileForm } from '../hooks/use-profile-form.ts';
import { PicturePicker } from './picture-picker.tsx';
import '../../../components/ui/form.css';
import { FormError } from '../../../components/ui/form-message.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';

function MigrationHelper() {
  const migrate = useMigrateProfile();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <section className="auth-card auth-card--wide" style={{ marginTop: 'var(--space-5)' }}>
      <h2 style={{ marginTop: 0, fontSize: '1.1rem' }}>{t`Profile Migration`}</h2>
      <p style={{ color: 'var(--color-text-muted)' }}>
        {t`Signed up before profiles had a setup step and keep landing here? Fix My Profile brings your account up to date.`}
      </p>
      <button
        type="button"
        className="btn"
        disabled={migrate.isPending}
        onClick={() =>
          migrate.mutate(undefined, {
            onSuccess: (result) => {
              setMessage({ ok: true, text: fromServer(result.message) });
              if (result.changed) setTimeout(() => window.location.reload(), MIGRATION_RELOAD_DELAY_MS);
            },
            onError: () => setMessage({ ok: false, text: t`Failed to migrate profile. Please try again.` }),
          })
        }
      >
        {t`Fix My Profile`}
      </button>
      {message && (
        <p className={message.ok ? 'form-success' : 'form-error'} role="status" style={{ marginTop: 'var(--space-3)' }}>
          {message.text}
        </p>
      )}
    </section>
  );
}

/**
 * The form, shown only once the sign-up data is known and started from it: filling a field in
 * later would write over (or append to) what the person had begun to type.
 */
function ProfileSetupForm({ initial }: { initial: { displayName: string; bio: string; pictureUrl: string | null } }) {
  const navigate = useNavigate();
  const { refetch } = useSession();
  const { displayName, setDisplayName, bio, setBio, setPicture, error, setError, busy, save } = useProfileForm(initial);

  function submit(event: FormEvent) {
    event.preventDefault();
    save({
      completeSetup: true,
      failure: t`Failed to set up profile. Please try again.`,
      onSaved: async (saved) => {
        await refetch();
        navigate(paths.profile(saved.displayName), { replace: true });
      },
    });
  }

  return (
    <form className="form" onSubmit={submit}>
      <PicturePicker currentUrl={initial.pictureUrl} onChange={setPicture} onInvalid={setError} />
      <Field
        label={t`Display Name`}
        required
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
        hint={t`This is your profile address: /profile/your-name`}
      />
      <TextAreaField
        label={t`Bio`}
        rows={4}
        value={bio}
        onChange={(e) => setBio(e.target.value)}
        placeholder={t`What do you listen to?`}
        counter={{ max: BIO_MAX, unit: t`characters` }}
      />
      <FormError message={error} />
      <SubmitButton label={t`Complete Setup`} busy={busy} busyLabel={t`Setting Up Profile...`} />
    </form>
  );
}

export function ProfileSetupPage() {
  useDocumentTitle(t`Set Up Your Profile`);
  const profile = useMyProfile();

  return (
    <div className="auth-page">
      <div style={{ width: '100%', maxWidth: 560 }}>
        <div className="auth-card auth-card--wide">
          <h1>{t`Set Up Your Profile`}</h1>
          {profile.isPending ? (
            <PendingState fetchStatus={profile.fetchStatus} />
          ) : (
            // A profile that failed to load still lets the person set one up, from blank fields.
            <ProfileSetupForm initial={profile.data ?? { displayName: '', bio: '', pictureUrl: null }} />
          )}
        </div>
        <MigrationHelper />
      </div>
    </div>
  );
}
