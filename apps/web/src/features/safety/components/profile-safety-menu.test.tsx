import type { ProfileView } from '@liner/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FetchCall, jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { ProfileSafetyMenu } from './profile-safety-menu.tsx';

const bo = (overrides: Partial<ProfileView> = {}): ProfileView => ({
  userId: 'u2',
  displayName: 'bo',
  bio: '',
  pictureUrl: null,
  setupComplete: true,
  followerCount: 0,
  followingCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  locked: false,
  blockedByMe: false,
  mutedByMe: false,
  followRequested: false,
  canSeeContent: true,
  ...overrides,
});

function stubSafety(): FetchCall[] {
  return stubFetch(({ method, path }) => {
    if (path === '/api/users/u2/block') return json({ blocked: method === 'PUT' });
    if (path === '/api/users/u2/mute') return json({ muted: method === 'PUT' });
    return undefined;
  });
}

describe('the profile menu', () => {
  it('blocks only after a confirmation that says what blocking does', async () => {
    const calls = stubSafety();
    const user = userEvent.setup();
    renderWithProviders(<ProfileSafetyMenu profile={bo()} />, { user: makeUser() });
    await user.click(screen.getByRole('button', { name: 'More actions for bo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block bo?' });
    expect(dialog).toHaveTextContent('Any follows between you end.');
    expect(dialog).toHaveTextContent("They won't be told");
    // Focus starts on the safe choice, and cancelling blocks nobody.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/users/u2/block')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'More actions for bo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/users/u2/block')).toBe(true);
  });

  it('mutes at once, and offers Unmute and Unblock to someone who did both', async () => {
    const calls = stubSafety();
    const user = userEvent.setup();
    const view = renderWithProviders(<ProfileSafetyMenu profile={bo()} />, { user: makeUser() });
    await user.click(screen.getByRole('button', { name: 'More actions for bo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/users/u2/mute')).toBe(true));
    view.unmount();

    renderWithProviders(<ProfileSafetyMenu profile={bo({ mutedByMe: true, blockedByMe: true })} />, {
      user: makeUser(),
    });
    await user.click(screen.getByRole('button', { name: 'More actions for bo' }));
    expect(await screen.findByRole('menuitem', { name: 'Unmute' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Unblock' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/users/u2/block')).toBe(true),
    );
  });
});
