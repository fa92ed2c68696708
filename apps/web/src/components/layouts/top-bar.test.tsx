import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithProviders } from '../../testing/render.tsx';
import { TopBar as Bar } from './top-bar.tsx';

const TopBar = () => <Bar renderSearch={() => <input aria-label="Search" />} />;

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const accountButton = () => screen.getByRole('button', { name: 'Account menu' });

describe('TopBar', () => {
  it('shows the lowercase wordmark linking home', () => {
    renderWithProviders(<TopBar />);
    expect(screen.getByRole('link', { name: 'liner' })).toHaveAttribute('href', '/');
  });

  it('offers Sign In and Create Account to visitors, and no Collection link', () => {
    renderWithProviders(<TopBar />);
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/create-account');
    expect(nav()).not.toHaveTextContent('Collection');
    expect(nav()).toHaveTextContent('Music');
    expect(screen.getByRole('link', { name: 'Charts' })).toHaveAttribute('href', '/charts');
    expect(nav()).toHaveTextContent('Lists');
    expect(nav()).toHaveTextContent('Profile');
  });

  it('shows neither Sign In nor the account menu while the session is unknown, in the bar and the drawer', async () => {
    renderWithProviders(<TopBar />, { sessionLoading: true });
    expect(screen.getByRole('link', { name: 'liner' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create Account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(drawer).toHaveTextContent('Music');
    expect(within(drawer).getByRole('link', { name: 'Charts' })).toHaveAttribute('href', '/charts');
    expect(drawer).not.toHaveTextContent('Sign In');
    expect(drawer).not.toHaveTextContent('Log Out');
  });

  it('shows Collection and the account menu to a signed-in user; Admin Dashboard only for admins', async () => {
    renderWithProviders(<TopBar />, { user: makeUser() });
    expect(nav()).toHaveTextContent('Collection');
    await userEvent.click(accountButton());
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('menuitem', { name: 'Edit Profile' })).toHaveAttribute('href', '/edit-profile');
    expect(screen.getByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('shows Admin Dashboard to an admin', async () => {
    renderWithProviders(<TopBar />, { user: makeUser({ role: 'admin' }) });
    await userEvent.click(accountButton());
    expect(await screen.findByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
  });

  it('closes the account menu on an outside click', async () => {
    renderWithProviders(<TopBar />, { user: makeUser() });
    await userEvent.click(accountButton());
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await userEvent.click(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('works the account menu from the keyboard: Enter opens, arrows move, Escape closes and returns focus', async () => {
    renderWithProviders(<TopBar />, { user: makeUser() });
    accountButton().focus();
    // Focus fetches the menu's code; the real button takes the focus over.
    await waitFor(() => expect(accountButton()).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(accountButton()).toHaveAttribute('id'));
    expect(accountButton()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const settings = await screen.findByRole('menuitem', { name: 'Settings' });
    await waitFor(() => expect(settings).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit Profile' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Log Out' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(accountButton()).toHaveFocus();
  });

  it('opens the drawer in a dialog that Escape closes, giving focus back to the menu button', async () => {
    renderWithProviders(<TopBar />, { user: null });
    const burger = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(burger);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(drawer).toContainElement(screen.getByRole('navigation', { name: 'Mobile' }));
    // The drawer is rendered at the end of the page, not inside the top bar.
    expect(document.querySelector('header')).not.toContainElement(drawer);
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(burger).toHaveFocus());
  });
});
