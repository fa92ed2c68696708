import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithProviders } from '../../testing/render.tsx';
import { TopBar as Bar } from './top-bar.tsx';

const TopBar = () => <Bar renderSearch={() => <input aria-label="Search" />} />;

const nav = () => screen.getByRole('navigation', { name: 'Main' });

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
    expect(nav()).toHaveTextContent('Lists');
    expect(nav()).toHaveTextContent('Profile');
  });

  it('shows Collection and the account menu to a signed-in user; Admin Dashboard only for admins', async () => {
    renderWithProviders(<TopBar />, { user: makeUser() });
    expect(nav()).toHaveTextContent('Collection');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('menuitem', { name: 'Edit Profile' })).toHaveAttribute('href', '/edit-profile');
    expect(screen.getByRole('menuitem', { name: 'Log Out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('shows Admin Dashboard to an admin', async () => {
    renderWithProviders(<TopBar />, { user: makeUser({ role: 'admin' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
  });

  it('closes the account menu on an outside click', async () => {
    renderWithProviders(<TopBar />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
