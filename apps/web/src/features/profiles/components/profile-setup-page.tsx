import { BIO_MAX, charCount, checkDisplayName, MIGRATION_RELOAD_DELAY_MS } from '@liner/shared';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '../../../components/ui/field.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMyProfile } from '../api/get-my-profile.ts';
import { useMigrateProfile } from '../api/migrate-profile.ts';
import { useSaveProfile } from '../api/save-profile.ts';
import { PicturePicker } from './picture-picker.tsx';
import '../../../components/ui/form.css';
import { FormError } from '../../../components/ui/form-message.tsx';

function MigrationHelper() {
  const migrate = useMigrateProfile();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <section className="auth-card auth-card--wide" style={{ marginTop: 'var(--space-5)' }}>
      <h2 style={{ marginTop: 0, fontSize: '1.1rem' }}>Profile Migration</h2>
      <p style={{ color: 'var(--color-text-muted)' }}>
        Signed up before profiles had a setup step and keep landing here? Fix My Profile brings your account up to date.
      </p>
      <button
        type="button"
        className="btn"
        disabled={migrate.isPending}
        onClick={() =>
          migrate.mutate(undefined, {
            onSuccess: (result) => {
              setMessage({ ok: true, text: result.message });
              if (result.changed) setTimeout(() => window.location.reload(), MIGRATION_RELOAD_DELAY_MS);
            },
            onError: () => setMessage({ ok: false, text: 'Failed to migrate profile. Please try again.' }),
          })
        }
      >
        Fix My Profile
      </button>
      {message && (
        <p className={message.ok ? 'form-success' : 'form-error'} role="status" style={{ marginTop: 'var(--space-3)' }}>
          {message.text}
        </p>
      )}
    </section>
  );
}

export function ProfileSetupPage() {
  useDocumentTitle('Set Up Your Profile');
  const navigate = useNavigate();
  const { refetch } = useSession();
  const profile = useMyProfile();
  const saveProfile = useSaveProfile();
  const bioId = useId();
  const [displayName, setDisplayName] = useState('');
  const [bio, setBio] = useState('');
  const [picture, setPicture] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (profile.data) {
      setDisplayName((v) => v || profile.data.displayName);
      setBio((v) => v || profile.data.bio);
    }
  }, [profile.data]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = checkDisplayName(displayName);
    if (!name.ok) return setError(name.message);
    setError(null);
    setBusy(true);
    try {
      const saved = await saveProfile({ picture, displayName: name.value, bio, completeSetup: true });
      await refetch();
      navigate(paths.profile(saved.displayName), { replace: true });
    } catch (failure) {
      setError(userMessage(failure, 'Failed to set up profile. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <div className="auth-page">
      <div style={{ width: '100%', maxWidth: 560 }}>
        <div className="auth-card auth-card--wide">
          <h1>Set Up Your Profile</h1>
          <form className="form" onSubmit={submit}>
            <PicturePicker currentUrl={profile.data?.pictureUrl ?? null} onChange={setPicture} onInvalid={setError} />
            <Field
              label="Display Name"
              required
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value)}
              hint="This is your profile address: /profile/your-name"
            />
            <div className="field">
              <label htmlFor={bioId}>Bio</label>
              <textarea
                id={bioId}
                className="input"
                rows={4}
                value={bio}
                onChange={(e) => setBio(e.target.value)}
                placeholder="What do you listen to?"
              />
              <span className="field__hint">
                {charCount(bio)}/{BIO_MAX} characters
              </span>
            </div>
            <FormError message={error} />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Setting Up Profile...' : 'Complete Setup'}
            </button>
          </form>
        </div>
        <MigrationHelper />
      </div>
    </div>
  );
}
