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

/**
 * The owner's 'not fully set up' hint (spec §2), saying what is missing. A picture is optional, so
 * someone who does not want one can hide the hint for good (on this browser) instead of seeing it
 * on every visit.
 */
export function SetupHint({ userId, missing }: { userId: string; missing: { picture: boolean; bio: boolean } }) {
  const [hidden, setHidden] = useState(() => readHidden(userId));
  if (hidden) return null;
  const items = [missing.picture && 'a profile picture', missing.bio && 'a bio'].filter(Boolean).join(' and ');
  return (
    <div className="profile-hint">
      <p>Your profile is not fully set up yet. Click "Edit Profile" to complete your profile.</p>
      <p className="profile-hint__missing">Still missing: {items}.</p>
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
        Hide this hint
      </button>
    </div>
  );
}
