import { t } from '@lingui/core/macro';
import { useState } from 'react';
import './profile-header.css';

const hiddenKey = (userId: string) => `liner:setup-hint-hidden:${userId}`;

function readHidden(userId: string): boolean {
  try {
    return localStorage.getItem(hiddenKey(userId)) === '1';
  } catch {
    return false;
  }
}

/** What the hint says is missing, as one sentence (the hint shows only when something is). */
function stillMissing(missing: { picture: boolean; bio: boolean }): string {
  if (missing.picture && missing.bio) return t`Still missing: a profile picture and a bio.`;
  return missing.picture ? t`Still missing: a profile picture.` : t`Still missing: a bio.`;
}

/**
 * The owner's 'not fully set up' hint (spec §2), saying what is missing. A picture is optional, so
 * someone who does not want one can hide the hint for good (on this browser) instead of seeing it
 * on every visit.
 */
export function SetupHint({ userId, missing }: { userId: string; missing: { picture: boolean; bio: boolean } }) {
  const [hidden, setHidden] = useState(() => readHidden(userId));
  if (hidden) return null;
  return (
    <div className="profile-hint">
      <p>{t`Your profile is not fully set up yet. Click "Edit Profile" to complete your profile.`}</p>
      <p className="profile-hint__missing">{stillMissing(missing)}</p>
      <button
        type="button"
        className="btn"
        onClick={() => {
          try {
            localStorage.setItem(hiddenKey(userId), '1');
          } catch {
            // Private mode without storage: hidden for this visit only.
          }
          setHidden(true);
        }}
      >
        {t`Hide this hint`}
      </button>
    </div>
  );
}
