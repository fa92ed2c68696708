import { Dialog } from '@base-ui/react/dialog';
import { t } from '@lingui/core/macro';
import type { ReactNode, RefObject } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../lib/paths.ts';
import type { SessionUser } from '../../lib/session.tsx';
import type { NavItem } from './top-bar.tsx';

/**
 * The slide-in menu under 768px, a Base UI Dialog styled as a drawer (ADR 22): rendered in a portal
 * at the end of the page, full height, Tab stays inside, Escape and a tap on the backdrop close it
 * (the backdrop takes the tap, so nothing underneath is activated), and focus goes back to the
 * menu button. Loaded on demand by the top bar; rendering it opens it.
 */
export function MenuDrawer({
  user,
  sessionKnown,
  items,
  search,
  returnFocus,
  onClose,
  onSignOut,
}: {
  user: SessionUser | null;
  /** False while the session check has not answered: no account links until it has. */
  sessionKnown: boolean;
  items: NavItem[];
  search: ReactNode;
  returnFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
  onSignOut: () => void;
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Backdrop className="drawer__backdrop" />
        <Dialog.Popup className="drawer__panel" finalFocus={returnFocus}>
          <div className="drawer__head">
            <Dialog.Title className="drawer__title">{t`Menu`}</Dialog.Title>
            <Dialog.Close className="drawer__close" aria-label={t`Close menu`}>
              ×
            </Dialog.Close>
          </div>
          {search}
          <nav aria-label={t`Mobile`}>
            {items.map((item) => (
              <NavLink key={item.to} to={item.to}>
                {item.label}
              </NavLink>
            ))}
            {!sessionKnown ? null : user ? (
              <>
                <NavLink to={paths.settings()}>{t`Settings`}</NavLink>
                <NavLink to={paths.editProfile()}>{t`Edit Profile`}</NavLink>
                {user.role === 'admin' && <NavLink to={paths.admin()}>{t`Admin Dashboard`}</NavLink>}
                <button
                  type="button"
                  onClick={() => {
                    onClose();
                    onSignOut();
                  }}
                >
                  {t`Log Out`}
                </button>
              </>
            ) : (
              <>
                <NavLink to={paths.login()}>{t`Sign In`}</NavLink>
                <NavLink to={paths.createAccount()}>{t`Create Account`}</NavLink>
              </>
            )}
          </nav>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
