import { BIO_MAX, charCount, checkDisplayName, type MyProfile } from '@liner/shared';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useSaveProfile } from '../api/save-profile.ts';
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
  const saveProfile = useSaveProfile();
  const bioId = useId();
  const nameId = useId();
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio);
  const [picture, setPicture] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const isNew = !profile.bio.trim() || !profile.pictureUrl;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = checkDisplayName(displayName);
    if (!name.ok) return setError(name.message);
    setBusy(true);
    setError(null);
    try {
      const saved = await saveProfile({ picture, displayName: name.value, bio });
      onClose(saved);
    } catch (failure) {
      setError(userMessage(failure, 'Failed to update profile. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <Modal title={isNew ? 'Complete Your Profile' : 'Edit Profile'} onClose={() => onClose(null)} wide>
      {isNew && (
        <div className="welcome-checklist">
          <p>Welcome to liner! A few touches make your profile yours:</p>
          <ul>
            <li className={profile.pictureUrl || picture ? 'done' : ''}>Upload a profile picture</li>
            <li className={bio.trim() ? 'done' : ''}>Add a bio</li>
            <li>Customise your display name</li>
          </ul>
        </div>
      )}
      <form className="form" onSubmit={submit}>
        <PicturePicker currentUrl={profile.pictureUrl} onChange={setPicture} onInvalid={setError} />
        <div className="field">
          <label htmlFor={nameId}>Display Name</label>
          <input id={nameId} className="input" value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={bioId}>Bio</label>
          <textarea id={bioId} className="input" rows={4} value={bio} onChange={(e) => setBio(e.target.value)} />
          <span className="field__hint">
            {charCount(bio)}/{BIO_MAX} characters
          </span>
        </div>
        <FormError message={error} />
        <div className="modal__footer">
          <button type="button" className="btn" onClick={() => onClose(null)}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
