import type { AccountSession, MyProfile, Person, PrivacySettings } from '@liner/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { SessionContext } from '../../lib/session.tsx';
import { type FetchCall, jsonResponse as json, stubFetch } from '../../testing/fetch-double.ts';
import { makeUser } from '../../testing/render.tsx';
import { Component as Settings } from './settings.tsx';

const session = (overrides: Partial<AccountSession>): AccountSession => ({
  id: 's1',
  current: false,
  device: 'Chrome on Linux',
  signedInAt: '2026-11-01T10:00:00.000Z',
  lastActiveAt: new Date().toISOString(),
  ...overrides,
});

let sessions: AccountSession[];
let calls: FetchCall[];
let privacy: PrivacySettings;
let spoilerFree = false;
let blocked: Person[];

const myProfile = (): MyProfile => ({
  userId: 'u1',
  displayName: 'ana',
  bio: '',
  pictureUrl: null,
  setupComplete: true,
  followerCount: 0,
  followingCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  email: 'ana@example.com',
  role: 'user',
  ...privacy,
});

/** The settings page's API: the sessions list and its deletes, and Better Auth's change-password. */
beforeEach(() => {
  sessions = [
    session({ id: 'here', current: true, device: 'Firefox on Windows' }),
    session({ id: 'phone', device: 'Safari on iOS' }),
  ];
  privacy = { locked: false, defaultAudience: 'public' };
  spoilerFree = false;
  blocked = [{ userId: 'u7', displayName: 'troll', pictureUrl: null }];
  calls = stubFetch(({ method, path, body }) => {
    if (path === '/api/users/me/sessions' && method === 'GET') return json(sessions);
    const one = path.match(/^\/api\/users\/me\/sessions\/(.+)$/);
    if (one && method === 'DELETE') {
      const before = sessions.length;
      sessions = sessions.filter((s) => s.id !== one[1]);
      if (sessions.length === before) {
        return json({ error: { code: 'SESSION_NOT_FOUND', message: 'This session has already ended' } }, 404);
      }
      return new Response(null, { status: 204 });
    }
    if (path === '/api/auth/change-password') return json({ token: null });
    if (path === '/api/users/me/profile' || path === '/api/users/me/privacy') {
      if (method === 'PUT' && body && typeof body === 'object') privacy = { ...privacy, ...body };
      return json(myProfile());
    }
    if (path === '/api/users/me/spoiler-free') {
      if (method === 'PUT' && body && typeof body === 'object')
        spoilerFree = (body as { spoilerFree: boolean }).spoilerFree;
      return json({ spoilerFree });
    }
    if (path === '/api/users/me/blocks') return json({ people: blocked, nextCursor: null });
    if (path === '/api/users/me/mutes') return json({ people: [], nextCursor: null });
    const unblock = path.match(/^\/api\/users\/(.+)\/block$/);
    if (unblock && method === 'DELETE') {
      blocked = blocked.filter((p) => p.userId !== unblock[1]);
      return json({ blocked: false });
    }
    return undefined;
  });
});

function renderSettings(refetch = vi.fn(async () => {})) {
  const router = createMemoryRouter(
    [
      { path: '/settings', element: <Settings /> },
      { path: '/login', element: <p>Log in page</p> },
      { path: '/import', element: <p>Import page</p> },
    ],
    { initialEntries: ['/settings'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionContext.Provider value={{ user: makeUser(), isLoading: false, refetch }}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { router, refetch };
}

const card = () => screen.getByRole('region', { name: 'Sessions' });

describe('settings: sessions', () => {
  it('lists the signed-in browsers, marks this one, and signs another out', async () => {
    renderSettings();
    const here = (await within(card()).findByText('Firefox on Windows')).closest('li') as HTMLElement;
    expect(here).toHaveTextContent('This browser');
    expect(here).toHaveTextContent('last active today');
    const phone = within(card()).getByText('Safari on iOS').closest('li') as HTMLElement;
    expect(phone).not.toHaveTextContent('This browser');
    await userEvent.click(within(phone).getByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await within(card()).findByText('Firefox on Windows')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(card()).queryByText('Safari on iOS')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/users/me/sessions/phone')).toBe(true);
  });

  it("says 'This session has already ended' and drops it from the list", async () => {
    renderSettings();
    const phone = (await within(card()).findByText('Safari on iOS')).closest('li') as HTMLElement;
    sessions = sessions.filter((s) => s.id !== 'phone'); // ended elsewhere meanwhile
    await userEvent.click(within(phone).getByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent('This session has already ended');
    await vi.waitFor(() => expect(within(card()).queryByText('Safari on iOS')).toBeNull());
  });

  it('signing out this browser signs out and goes to /login', async () => {
    const { router, refetch } = renderSettings();
    await within(card()).findByText('Firefox on Windows');
    await userEvent.click(within(card()).getByRole('button', { name: 'Sign out of this browser' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(refetch).toHaveBeenCalled();
  });
});

describe('settings: success messages', () => {
  it('clear when another section is used', async () => {
    renderSettings();
    const password = screen.getByRole('region', { name: 'Change password' });
    await userEvent.type(within(password).getByLabelText('Current password'), 'vinyl-forever');
    await userEvent.type(within(password).getByLabelText('New password'), 'new-vinyl-forever');
    await userEvent.type(within(password).getByLabelText('Confirm new password'), 'new-vinyl-forever');
    await userEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('Your password has been changed.')).toBeInTheDocument();
    // Using the same card keeps it; moving to another card clears it.
    await userEvent.click(within(password).getByLabelText('Current password'));
    expect(within(password).getByText('Your password has been changed.')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('New e-mail'));
    expect(within(password).queryByText('Your password has been changed.')).toBeNull();
  });
});

describe('settings: your data', () => {
  it('leads to the import page beside the downloads', async () => {
    const { router } = renderSettings();
    const data = screen.getByRole('region', { name: 'Your data' });
    expect(within(data).getByRole('button', { name: 'Download CSV files (zip)' })).toBeInTheDocument();
    await userEvent.click(
      within(data).getByRole('link', { name: 'Import from RateYourMusic, ListenBrainz or Last.fm' }),
    );
    expect(await screen.findByText('Import page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/import');
  });
});

describe('settings: privacy', () => {
  it('makes the profile private, sets the default visibility, and unblocks someone', async () => {
    renderSettings();
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Privacy' });
    const locked = within(section).getByRole('switch', { name: 'Private profile' });
    await vi.waitFor(() => expect(locked).toBeEnabled());
    await user.click(locked);
    await within(section).findByText('Privacy settings saved.');
    expect(locked).toBeChecked();
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/users/me/privacy')?.body).toEqual({
      locked: true,
      defaultAudience: 'public',
    });

    await user.selectOptions(
      within(section).getByLabelText('Default visibility for new reviews, notes and lists'),
      'Followers only',
    );
    await vi.waitFor(() => expect(privacy).toEqual({ locked: true, defaultAudience: 'followers' }));

    const blockedSection = screen.getByRole('region', { name: 'Blocked people' });
    await user.click(await within(blockedSection).findByRole('button', { name: 'Unblock troll' }));
    await within(blockedSection).findByText('You have not blocked anyone.');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/users/u7/block')).toBe(true);
  });
});

describe('settings: scores', () => {
  it('turns spoiler-free scores on, and reads every answer with scores again', async () => {
    renderSettings();
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Scores' });
    const toggle = within(section).getByRole('switch', { name: 'Spoiler-free scores' });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    const readsBefore = calls.filter((c) => c.method === 'GET' && c.path === '/api/users/me/sessions').length;
    await user.click(toggle);
    await within(section).findByText('Score settings saved.');
    expect(toggle).toBeChecked();
    expect(spoilerFree).toBe(true);
    // What was read with scores in it (here, every query on the page) is asked for again.
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/users/me/sessions').length).toBeGreaterThan(
        readsBefore,
      ),
    );
  });
});
