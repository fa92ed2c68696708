import { checkDisplayName, type MyProfile } from '@liner/shared';
import { useState } from 'react';
import { userMessage } from '../../../lib/api-client.ts';
import { fromServer } from '../../../lib/i18n/runtime.ts';
import { useSaveProfile } from '../api/save-profile.ts';

/**
 * The profile form that setup and Edit Profile both show: picture, display name and bio. `save`
 * checks the name as the server will, saves, and hands the saved profile to `onSaved`; a failure
 * (there or in `onSaved`) is shown in `failure`'s words unless the server's are better.
 */
export function useProfileForm(initial: { displayName: string; bio: string }) {
  const saveProfile = useSaveProfile();
  const [displayName, setDisplayName] = useState(initial.displayName);
  const [bio, setBio] = useState(initial.bio);
  const [picture, setPicture] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save({
    completeSetup,
    failure,
    onSaved,
  }: {
    completeSetup?: true;
    failure: string;
    onSaved: (saved: MyProfile) => unknown;
  }) {
    const name = checkDisplayName(displayName);
    if (!name.ok) return setError(fromServer(name.message));
    setError(null);
    setBusy(true);
    try {
      const saved = await saveProfile({
        picture,
        displayName: name.value,
        bio,
        ...(completeSetup && { completeSetup }),
      });
      await onSaved(saved);
    } catch (thrown) {
      setError(userMessage(thrown, failure));
      setBusy(false);
    }
  }

  return { displayName, setDisplayName, bio, setBio, picture, setPicture, error, setError, busy, save };
}
