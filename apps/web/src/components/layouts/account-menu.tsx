import { Menu } from '@base-ui/react/menu';
import { t } from '@lingui/core/macro';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import type { SessionUser } from '../../lib/session.tsx';

/**
 * The avatar's account menu, on Base UI's Menu (ADR 22): arrow keys move between the items, Escape
 * and a click outside close it, and focus goes back to the avatar. Loaded on demand by the top bar,
 * which renders a look-alike button until this arrives.
 */
export function AccountMenu({
  user,
  avatar,
  onSignOut,
  openedBy,
  autoFocus,
}: {
  user: SessionUser;
  avatar: ReactNode;
  onSignOut: () => void;
  /** Pressed before this code arrived: open at once (from the keyboard: on the first item). */
  openedBy: 'keyboard' | 'pointer' | null;
  /** The stand-in had focus: the real button takes it over. */
  autoFocus: boolean;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  // Layout effect: the focus moves in the same frame the stand-in goes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on the swap from the stand-in
  useLayoutEffect(() => {
    if (openedBy === 'keyboard') {
      // Opened from the keyboard before the menu existed: start on the first item, as Enter on
      // the real button does. The popup mounts a frame or two after this component.
      let frames = 0;
      const focusFirst = () => {
        const first = popup.current?.querySelector<HTMLElement>('[role="menuitem"]');
        if (first) first.focus();
        else if (frames++ < 10) requestAnimationFrame(focusFirst);
      };
      requestAnimationFrame(focusFirst);
    } else if (autoFocus) trigger.current?.focus();
  }, []);
  return (
    <div className="account-menu">
      <Menu.Root defaultOpen={openedBy !== null} modal={false}>
        <Menu.Trigger ref={trigger} className="account-menu__button" aria-label={t`Account menu`}>
          {avatar}
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Positioner className="account-menu__positioner" side="bottom" align="end" sideOffset={8}>
            <Menu.Popup ref={popup} className="account-menu__panel">
              <Menu.Group>
                <Menu.GroupLabel className="account-menu__who">{user.name}</Menu.GroupLabel>
                <Menu.LinkItem closeOnClick render={<Link to={paths.settings()} />}>
                  {t`Settings`}
                </Menu.LinkItem>
                <Menu.LinkItem closeOnClick render={<Link to={paths.editProfile()} />}>
                  {t`Edit Profile`}
                </Menu.LinkItem>
                {user.role === 'admin' && (
                  <Menu.LinkItem closeOnClick render={<Link to={paths.admin()} />}>
                    {t`Admin Dashboard`}
                  </Menu.LinkItem>
                )}
                <Menu.Item onClick={onSignOut}>{t`Log Out`}</Menu.Item>
              </Menu.Group>
            </Menu.Popup>
          </Menu.Positioner>
        </Menu.Portal>
      </Menu.Root>
    </div>
  );
}
