import type { ProfileView as Profile } from '@liner/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { RouteNotice } from '../../components/ui/route-notice.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { SessionContext, type SessionUser } from '../../lib/session.tsx';
import { type FetchCall, jsonResponse as json, stubFetch } from '../../testing/fetch-double.ts';
import { makeUser } from '../../testing/render.tsx';
import { Component as ProfileRoute } from './profile.tsx';
import { Followers } from './profile-people.tsx';

const profile = (overrides: Partial<Profile> = {}): Profile => ({
  userId: 'u2',
  displayName: 'bo',
  bio: 'Shoegaze forever.',
  pictureUrl: null,
  setupComplete: true,
  followerCount: 3,
  followingCount: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  locked: false,
  blockedByMe: false,
  mutedByMe: false,
  followRequested: false,
  canSeeContent: true,
  ...overrides,
});

let profiles: Record<string, Profile>;
let calls: FetchCall[];

/** The profile page's API: profiles by name, follow state, and the empty lists of posts and music. */
beforeEach(() => {
  profiles = { bo: profile() };
  calls = stubFetch(({ method, path, url }) => {
    if (method !== 'GET') return undefined;
    const byName = path.match(/^\/api\/profiles\/([^/]+)$/);
    if (byName) {
      // Names are matched regardless of case, as the server does.
      const found = profiles[decodeURIComponent(byName[1] ?? '').toLowerCase()];
      return found ? json(found) : json({ error: { code: 'USER_NOT_FOUND', message: 'User not found' } }, 404);
    }
    const me = Object.values(profiles).find((p) => p.userId === 'u1');
    if (path === '/api/users/me/profile' && me)
      return json({ ...me, email: 'ana@example.com', role: 'user', defaultAudience: 'public' });
    const user = path.match(/^\/api\/users\/(u\d)\/(follow|posts|collection|ratelater|followers|stats|favourites)$/);
    if (!user) return undefined;
    const p = Object.values(profiles).find((x) => x.userId === user[1]);
    if (!p) return undefined;
    switch (user[2]) {
      case 'follow':
        return json({
          following: false,
          requested: false,
          followerCount: p.followerCount,
          followingCount: p.followingCount,
        });
      case 'posts':
        return json({ posts: [], nextCursor: null });
      case 'collection':
      case 'ratelater':
        return json([]);
      case 'stats':
        return json({
          albumsRated: 0,
          songsRated: 0,
          averageRating: null,
          distribution: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
          topGenres: [],
          topArtists: [],
          joinedAt: p.createdAt,
        });
      case 'favourites':
        return json({ albums: [] });
      case 'followers':
        return url.includes('cursor=c2')
          ? json({ people: [{ userId: 'u9', displayName: 'cy', pictureUrl: null }], nextCursor: null })
          : json({ people: [{ userId: 'u1', displayName: 'ana', pictureUrl: null }], nextCursor: 'c2' });
    }
    return undefined;
  });
});

function renderAt(path: string, user: SessionUser | null = null) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <RouteNotice /> },
      { path: '/profile/:username', element: <ProfileRoute /> },
      { path: '/profile/:username/followers', element: <Followers /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionContext.Provider value={{ user, isLoading: false, refetch: async () => {} }}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

describe('profile page', () => {
  it('asks for the follow state only with the profile id, never /api/users//follow', async () => {
    renderAt('/profile/bo', makeUser());
    expect(await screen.findByRole('heading', { name: 'bo', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/users/u2/follow')).toBe(true));
    expect(calls.filter((c) => c.path.includes('//'))).toEqual([]);
  });

  it('links the counts to the lists of people', async () => {
    renderAt('/profile/bo');
    expect(await screen.findByRole('link', { name: '3 Followers' })).toHaveAttribute('href', '/profile/bo/followers');
    expect(screen.getByRole('link', { name: '1 Following' })).toHaveAttribute('href', '/profile/bo/following');
  });

  it('says when the person joined, and shows their shelf and stats', async () => {
    renderAt('/profile/bo');
    expect(await screen.findByText('January 2026')).toHaveAttribute('datetime', '2026-01-01T00:00:00.000Z');
    expect(screen.getByText(/^Joined/)).toHaveTextContent('Joined January 2026');
    expect(await screen.findByText('No favourite albums chosen yet.')).toBeInTheDocument();
    expect(await screen.findByText('No albums rated yet.')).toBeInTheDocument();
  });

  it("shows a private profile's head with a lock note and Request to follow, and no tabs", async () => {
    profiles = { bo: profile({ locked: true, canSeeContent: false }) };
    renderAt('/profile/bo', makeUser());
    expect(await screen.findByRole('heading', { name: 'This profile is private' })).toBeInTheDocument();
    expect(screen.getByText('Private profile')).toBeInTheDocument();
    expect(screen.getByText('Shoegaze forever.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Request to follow' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More actions for bo' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/users/u2/posts')).toBe(false);
  });

  it("says 'This profile is not available' to someone its owner blocked", async () => {
    stubFetch(({ path }) =>
      path === '/api/profiles/bo'
        ? json({ error: { code: 'PROFILE_UNAVAILABLE', message: 'This profile is not available' } }, 404)
        : undefined,
    );
    const router = renderAt('/profile/bo', makeUser());
    expect(await screen.findByRole('heading', { name: 'This profile is not available' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/bo');
  });

  it("sends an unknown name home, saying 'User not found' there", async () => {
    const router = renderAt('/profile/nobody');
    // The profile's skeleton has its own 'Loading…' status until the answer comes.
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The home route is loaded lazily: its notice may come a moment after the address changed.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('User not found'));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('tells the owner what is missing, and the hint can be hidden for good', async () => {
    profiles = { ana: profile({ userId: 'u1', displayName: 'ana', pictureUrl: null, bio: 'Jazz.' }) };
    localStorage.clear();
    renderAt('/profile/ana', makeUser());
    expect(
      await screen.findByText('Your profile is not fully set up yet. Click "Edit Profile" to complete your profile.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Still missing: a profile picture.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide this hint' }));
    expect(screen.queryByText(/Still missing/)).toBeNull();
    expect(localStorage.getItem('liner:setup-hint-hidden:u1')).toBe('1');
  });
});

describe('followers page', () => {
  it('lists people linking to their profiles, with Load more for the next page', async () => {
    renderAt('/profile/BO/followers');
    expect(await screen.findByRole('heading', { name: "bo's followers", level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'ana' })).toHaveAttribute('href', '/profile/ana');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'cy' })).toHaveAttribute('href', '/profile/cy');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((c) => c.url)).toContain('/api/users/u2/followers?limit=30&cursor=c2');
  });
});
