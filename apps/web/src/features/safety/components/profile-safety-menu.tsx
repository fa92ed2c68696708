import { Menu } from '@base-ui/react/menu';
import type { ProfileView } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { BlockDialog } from '../../../components/safety/block-dialog.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useBlock, useMute } from '../../../lib/safety/block-mute.ts';
import './profile-safety-menu.css';

/**
 * The '…' menu on another member's profile, on Base UI's Menu (ADR 22) like the account menu:
 * Mute or Unmute at once, Block after a confirmation that says what blocking does, Unblock at once.
 */
export function ProfileSafetyMenu({ profile }: { profile: ProfileView }) {
  const [confirming, setConfirming] = useState(false);
  const block = useBlock(profile.userId);
  const mute = useMute(profile.userId);
  const failed = block.error ?? mute.error;
  const name = profile.displayName;
  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger className="btn profile-menu__button" aria-label={t`More actions for ${name}`}>
          <span aria-hidden="true">⋯</span>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Positioner className="profile-menu__positioner" side="bottom" align="end" sideOffset={6}>
            <Menu.Popup className="profile-menu__panel">
              <Menu.Item onClick={() => mute.mutate(!profile.mutedByMe)}>
                {profile.mutedByMe ? t`Unmute` : t`Mute`}
              </Menu.Item>
              {profile.blockedByMe ? (
                <Menu.Item onClick={() => block.mutate(false)}>{t`Unblock`}</Menu.Item>
              ) : (
                <Menu.Item className="profile-menu__danger" onClick={() => setConfirming(true)}>
                  {t`Block`}
                </Menu.Item>
              )}
            </Menu.Popup>
          </Menu.Positioner>
        </Menu.Portal>
      </Menu.Root>
      {confirming && (
        <BlockDialog
          userId={profile.userId}
          displayName={profile.displayName}
          onCancel={() => setConfirming(false)}
          onDone={() => setConfirming(false)}
        />
      )}
      {failed && (
        <p className="form-error" role="alert">
          {userMessage(failed, t`Please try again.`)}
        </p>
      )}
    </>
  );
}
