import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { SessionContext, type SessionUser } from '../../../lib/session.tsx';
import { jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { SearchResultsPage } from './search-results-page.tsx';

beforeEach(() => {
  stubFetch(({ path }) => {
    if (path === '/api/users/search') {
      return json({
        users: [{ id: 'u2', displayName: 'bluebird', profilePicture: null, bio: 'Blues.', matchType: 'displayName' }],
      });
    }
    if (path === '/api/music/search') {
      const album = {
        id: 'kind-of-blue',
        name: 'Kind of Blue',
        artistName: 'Miles Davis',
        artistId: 'miles-davis',
        imageUrl: '/covers/kind-of-blue.svg',
        releaseDate: '1959',
        genre: 'Jazz',
        listeners: { count: 0, average: null },
      };
      return json({ albums: [album], total: 1 });
    }
    return undefined;
  });
});

const SIGNED_IN: SessionUser = { id: 'u1', email: 'ana@example.com', emailVerified: true, name: 'ana', role: 'user' };

function renderSearch(query = 'blue', user: SessionUser | null = null) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home</p> },
      { path: '/search', element: <SearchResultsPage /> },
      { path: '/profile/:name', element: <p>Profile</p> },
    ],
    { initialEntries: ['/', `/search?q=${encodeURIComponent(query)}`], initialIndex: 1 },
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

describe('search results page', () => {
  it('keeps the tab in the URL by replacing the entry, so one Back leaves the page', async () => {
    const router = renderSearch();
    await userEvent.click(await screen.findByRole('tab', { name: 'Users (1)' }));
    expect(router.state.location.search).toBe('?q=blue&tab=users');
    expect(screen.queryByRole('region', { name: 'Music' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Music (1)' }));
    await userEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(router.state.location.search).toBe('?q=blue&tab=all');
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/');
  });

  describe('an address on the fediverse', () => {
    const federating = (lookup: () => Response | undefined) =>
      stubFetch(({ path }) => {
        if (path === '/api/config') return json({ googleSignIn: false, chartMinListeners: 3, federation: true });
        if (path === '/api/federation/people') return lookup();
        if (path === '/api/users/search') return json({ users: [] });
        if (path === '/api/music/search') return json({ albums: [], total: 0 });
        return undefined;
      });

    it('asks their server, and links to the profile whose Follow button follows them', async () => {
      federating(() => json({ userId: 'r1', displayName: 'bea@social.example', pictureUrl: null }));
      const router = renderSearch('@bea@social.example', SIGNED_IN);
      const section = await screen.findByRole('region', { name: 'On the fediverse' });
      const card = await within(section).findByRole('link', { name: /bea@social\.example/ });
      await userEvent.click(card);
      expect(router.state.location.pathname).toBe('/profile/bea%40social.example');
    });

    it('says when nobody is there', async () => {
      federating(() => json({ error: { code: 'NOT_FOUND', message: 'No one was found at that address' } }, 404));
      renderSearch('@nobody@social.example', SIGNED_IN);
      expect(await screen.findByText('No one was found at that address')).toBeTruthy();
    });

    it('asks a visitor to log in first', async () => {
      federating(() => undefined);
      renderSearch('@bea@social.example');
      const section = await screen.findByRole('region', { name: 'On the fediverse' });
      expect(within(section).getByRole('link', { name: 'Log in' })).toBeTruthy();
    });
  });
});
