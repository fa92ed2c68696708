import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { signOut } from '../../lib/auth-client.ts';
import { paths } from '../../lib/paths.ts';
import { type SessionUser, useSession } from '../../lib/session.tsx';
import './top-bar.css';

interface NavItem {
  to: string;
  label: string;
}

function navItems(signedIn: boolean): NavItem[] {
  return [
    { to: paths.music(), label: 'Music' },
    { to: paths.lists(), label: 'Lists' },
    ...(signedIn ? [{ to: paths.collection(), label: 'Collection' }] : []),
    { to: paths.profileRoot(), label: 'Profile' },
  ];
}

function useSignOut() {
  const navigate = useNavigate();
  const { refetch } = useSession();
  return async () => {
    await signOut();
    // Home first: a signed-in-only page would otherwise bounce to /login when the session goes.
    await navigate(paths.home());
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

function AccountMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const signOut = useSignOut();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={ref}>
      <button
        type="button"
        className="account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar user={user} />
      </button>
      {open && (
        <div className="account-menu__panel" role="menu">
          <div className="account-menu__who">{user.name}</div>
          <Link role="menuitem" to={paths.settings()} onClick={() => setOpen(false)}>
            Settings
          </Link>
          <Link role="menuitem" to={paths.editProfile()} onClick={() => setOpen(false)}>
            Edit Profile
          </Link>
          {user.role === 'admin' && (
            <Link role="menuitem" to={paths.admin()} onClick={() => setOpen(false)}>
              Admin Dashboard
            </Link>
          )}
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              void signOut();
            }}
          >
            Log Out
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The top navigation bar of spec §2, with the slide-in menu under 768px. The search box comes from
 * the app layer (it belongs to the search feature), rendered once in the bar and once in the drawer.
 */
export function TopBar({ renderSearch }: { renderSearch: (onDone?: () => void) => ReactNode }) {
  const { user } = useSession();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const signOut = useSignOut();
  const items = navItems(Boolean(user));

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the route changes
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        <button
          type="button"
          className="top-bar__burger"
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <span />
          <span />
          <span />
        </button>
        <Link to={paths.home()} className="top-bar__wordmark">
          liner
        </Link>
        <nav className="top-bar__nav" aria-label="Main">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        {renderSearch()}
        <div className="top-bar__account">
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <>
              <Link to={paths.login()} className="btn btn-ghost">
                Sign In
              </Link>
              <Link to={paths.createAccount()} className="btn btn-primary">
                Create Account
              </Link>
            </>
          )}
        </div>
      </div>

      {drawerOpen && (
        <div className="drawer" role="dialog" aria-modal="true" aria-label="Menu">
          <button
            type="button"
            className="drawer__backdrop"
            aria-label="Close menu"
            onClick={() => setDrawerOpen(false)}
          />
          <div className="drawer__panel">
            {renderSearch(() => setDrawerOpen(false))}
            <nav aria-label="Mobile">
              {items.map((item) => (
                <NavLink key={item.to} to={item.to}>
                  {item.label}
                </NavLink>
              ))}
              {user ? (
                <>
                  <NavLink to={paths.settings()}>Settings</NavLink>
                  <NavLink to={paths.editProfile()}>Edit Profile</NavLink>
                  {user.role === 'admin' && <NavLink to={paths.admin()}>Admin Dashboard</NavLink>}
                  <button type="button" onClick={() => void signOut()}>
                    Log Out
                  </button>
                </>
              ) : (
                <>
                  <NavLink to={paths.login()}>Sign In</NavLink>
                  <NavLink to={paths.createAccount()}>Create Account</NavLink>
                </>
              )}
            </nav>
          </div>
        </div>
      )}
    </header>
  );
}
