import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { SessionContext } from '../../../lib/session.tsx';
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

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Home</p> },
      { path: '/search', element: <SearchResultsPage /> },
    ],
    { initialEntries: ['/', '/search?q=blue'], initialIndex: 1 },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionContext.Provider value={{ user: null, isLoading: false, refetch: async () => {} }}>
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
});
