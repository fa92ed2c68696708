import { BIO_MAX, type MyProfile } from '@liner/shared';
import { t } from '@lingui/core/macro';
import type { FormEvent } from 'react';
import { Field, TextAreaField } from '../../../components/ui/field.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useProfileForm } from '../hooks/use-profile-form.ts';
import { PicturePicker } from './picture-picker.tsx';
import '../../../components/ui/form.css';
import './profile-header.css';

/**
 * Edit Profile (spec §2): picture, display name, bio. A profile that is not set up gets the
 * 'Complete Your Profile' variant with a welcome checklist. `onClose(changed)` lets the page reload.
 */
export function EditProfileDialog({
  profile,
  onClose,
}: {
  profile: MyProfile;
  onClose: (changed: MyProfile | null) => void;
}) {
  const { displayName, setDisplayName, bio, setBio, picture, setPicture, error, setError, busy, save } =
    useProfileForm(profile);
  const isNew = !profile.bio.trim() || !profile.pictureUrl;

  function submit(event: FormEvent) {
    event.preventDefault();
    save({ failure: t`Failed to update profile. Please try again.`, onSaved: onClose });
  }

  return (
    <Modal title={isNew ? t`Complete Your Profile` : t`Edit Profile`} onClose={() => onClose(null)} wide>
      {isNew && (
        <div className="welcome-checklist">
          <p>{t`Welcome to liner! A few touches make your profile yours:`}</p>
          <ul>
            <li className={profile.pictureUrl || picture ? 'done' : ''}>{t`Upload a profile picture`}</li>
            <li className={bio.trim() ? 'done' : ''}>{t`Add a bio`}</li>
            <li>{t`Customise your display name`}</li>
          </ul>
        </div>
      )}
      <form className="form" onSubmit={submit}>
        <PicturePicker currentUrl={profile.pictureUrl} onChange={setPicture} onInvalid={setError} />
        <Field label={t`Display Name`} value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
        <TextAreaField
          label={t`Bio`}
          rows={4}
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          counter={{ max: BIO_MAX, unit: t`characters` }}
        />
        <FormError message={error} />
        <div className="modal__footer">
          <button type="button" className="btn" onClick={() => onClose(null)}>
            {t`Cancel`}
          </button>
          <SubmitButton label={t`Save`} busy={busy} busyLabel={t`Saving...`} />
        </div>
      </form>
    </Modal>
  );
}
