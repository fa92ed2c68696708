import { t } from '@lingui/core/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useNavigateAndArrive } from '../../lib/navigate-and-arrive.ts';
import { paths } from '../../lib/paths.ts';
import { type SessionUser, useSession } from '../../lib/session.tsx';
import { onDemand, useOnDemand } from '../ui/use-on-demand.ts';
import './top-bar.css';

export interface NavItem {
  to: string;
  label: string;
}

function navItems(signedIn: boolean): NavItem[] {
  return [
    { to: paths.music(), label: t`Music` },
    { to: paths.charts(), label: t`Charts` },
    { to: paths.lists(), label: t`Lists` },
    ...(signedIn ? [{ to: paths.collection(), label: t`Collection` }] : []),
    { to: paths.profileRoot(), label: t`Profile` },
  ];
}

function useSignOut() {
  const navigateAndArrive = useNavigateAndArrive();
  const { refetch } = useSession();
  return async () => {
    // Better Auth's client is fetched when someone signs out, not with the home route.
    const { signOut } = await import('../../lib/auth-client.ts');
    await signOut();
    // Home first: a signed-in-only page would otherwise bounce to /login when the session goes.
    await navigateAndArrive(paths.home());
    await refetch();
  };
}

function Avatar({ user }: { user: SessionUser }) {
  if (user.image) return <img className="avatar" src={user.image} alt="" width={32} height={32} />;
  return (
    <span className="avatar avatar--initial" aria-hidden="true">
      {user.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

// The menu and the drawer are Base UI (ADR 22) and only open on demand: their code is fetched on
// the first sign that someone is about to use them, not with the home route.
const accountMenuCode = onDemand(() => import('./account-menu.tsx'));
const menuDrawerCode = onDemand(() => import('./menu-drawer.tsx'));

/**
 * The avatar button. Until the menu's code has arrived it is a plain button that looks the same;
 * pointing at it or focusing it fetches the code, and a press before it arrives opens the menu as
 * soon as it does. The real trigger takes over the focus of the stand-in.
 */
function AccountMenu({ user }: { user: SessionUser }) {
  const { module, request } = useOnDemand(accountMenuCode);
  const signOut = useSignOut();
  const [openedBy, setOpenedBy] = useState<'keyboard' | 'pointer' | null>(null);
  // The stand-in stays under a mouse until it is pressed: swapping buttons between press and
  // release would leave the click on neither, and the press would be lost.
  const [underMouse, setUnderMouse] = useState(false);
  const focused = useRef(false);
  if (module && (openedBy !== null || !underMouse)) {
    return (
      <module.AccountMenu
        user={user}
        avatar={<Avatar user={user} />}
        onSignOut={() => void signOut()}
        openedBy={openedBy}
        autoFocus={focused.current}
      />
    );
  }
  const load = () => void request();
  return (
    <div className="account-menu">
      <button
        type="button"
        className="account-menu__button"
        aria-haspopup="menu"
        aria-expanded={false}
        aria-label={t`Account menu`}
        onPointerEnter={(event) => {
          if (event.pointerType !== 'touch') setUnderMouse(true);
          load();
        }}
        onPointerLeave={() => setUnderMouse(false)}
        onTouchStart={load}
        onFocus={() => {
          focused.current = true;
          load();
        }}
        onBlur={() => {
          focused.current = false;
        }}
        onClick={(event) => {
          // detail 0: a click made by Enter or Space.
          setOpenedBy(event.detail === 0 ? 'keyboard' : 'pointer');
          load();
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpenedBy('keyboard');
            load();
          }
        }}
      >
        <Avatar user={user} />
      </button>
    </div>
  );
}

/**
 * The top navigation bar of spec §2, with the slide-in menu under 768px. The search box and the bell
 * come from the app layer (they belong to features); the search is rendered once in the bar and once
 * in the drawer, the bell stays in the bar at every width.
 */
export function TopBar({
  renderSearch,
  renderBell,
}: {
  renderSearch: (onDone?: () => void) => ReactNode;
  /** The notifications bell (a feature, from the app layer), for the signed in. */
  renderBell?: () => ReactNode;
}) {
  const { user, isLoading } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawer = useOnDemand(menuDrawerCode);
  const burger = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const signOut = useSignOut();
  const items = navItems(Boolean(user));

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the route changes
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const Drawer = drawer.module?.MenuDrawer;
  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        <button
          ref={burger}
          type="button"
          className="top-bar__burger"
          aria-label={t`Open menu`}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onPointerEnter={() => void drawer.request()}
          onClick={() => {
            setDrawerOpen(true);
            void drawer.request();
          }}
        >
          <span />
          <span />
          <span />
        </button>
        <Link to={paths.home()} className="top-bar__wordmark">
          liner
        </Link>
        <nav className="top-bar__nav" aria-label={t`Main`}>
          {items.map((item) => (
            <NavLink key={item.to} to={item.to}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        {renderSearch()}
        <div className="top-bar__account">
          {isLoading ? (
            // Until the session check answers nobody is known to be signed in or out: a blank of the
            // visitor's buttons' size holds the corner, so neither 'Sign In' nor the avatar flashes.
            <span className="top-bar__account-pending" aria-hidden="true" />
          ) : user ? (
            <>
              {renderBell?.()}
              <AccountMenu user={user} />
            </>
          ) : (
            <>
              <Link to={paths.login()} className="btn btn-ghost">
                {t`Sign In`}
              </Link>
              <Link to={paths.createAccount()} className="btn btn-primary">
                {t`Create Account`}
              </Link>
            </>
          )}
        </div>
      </div>

      {drawerOpen && Drawer && (
        <Drawer
          user={user}
          sessionKnown={!isLoading}
          items={items}
          search={renderSearch(() => setDrawerOpen(false))}
          returnFocus={burger}
          onClose={() => setDrawerOpen(false)}
          onSignOut={() => void signOut()}
        />
      )}
    </header>
  );
}
