import type { AlbumSummary } from '@liner/shared';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WAITING_FOR_CONNECTION } from '../../../components/ui/pending-state.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { DiscoverMusic } from './discover-music.tsx';

const album = (n: number): AlbumSummary => ({
  id: `album-${n}`,
  name: `Album ${n}`,
  artistId: `artist-${n}`,
  artistName: `Artist ${n}`,
  imageUrl: `/covers/${n}.svg`,
  releaseDate: null,
  genre: null,
});

beforeEach(() => {
  stubFetch(({ path, url }) => {
    if (path === '/api/music/top-albums') return json(Array.from({ length: 100 }, (_, i) => album(i + 1)));
    if (path !== '/api/music/search') return undefined;
    const params = new URL(url, 'http://localhost').searchParams;
    if (params.get('q') !== 'blue')
      return json(params.get('type') === 'track' ? { tracks: [], total: 0 } : { albums: [], total: 0 });
    if (params.get('type') === 'track') {
      const song = {
        id: 't1',
        title: 'Blue in Green',
        artist: 'Miles Davis',
        img: '/covers/kob.svg',
        albumId: 'kind-of-blue',
      };
      return json({ tracks: [song], total: 1 });
    }
    return json({ albums: [{ ...album(7), id: 'kind-of-blue', name: 'Kind of Blue' }], total: 1 });
  });
});

afterEach(() => onlineManager.setOnline(true));

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/music', element: <DiscoverMusic /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('Discover Music', () => {
  it('keeps the page number in the URL, so Back returns to the page', async () => {
    const router = renderAt('/music');
    expect(await screen.findByText('Page 1 of 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Album 21/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await act(() => router.navigate(-1));
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
  });

  it('opens on the page the URL names', async () => {
    renderAt('/music?page=5');
    expect(await screen.findByText('Page 5 of 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('link', { name: /Album 100/ })).toBeInTheDocument();
  });

  it('puts the query in the URL and says which songs matched, linking to their albums', async () => {
    const router = renderAt('/music?page=3');
    await screen.findByText('Page 3 of 5');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search music' }), 'blue');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?q=blue&page=3');
    const songs = await screen.findByRole('region', { name: 'Songs' });
    const song = within(songs).getByRole('link', { name: /Blue in Green/ });
    expect(song).toHaveTextContent('Song');
    expect(song).toHaveTextContent('Miles Davis');
    expect(song).toHaveAttribute('href', '/album/kind-of-blue');
    expect(
      within(screen.getByRole('region', { name: 'Albums' })).getByRole('link', { name: /Kind of Blue/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Page \d of 5/)).toBeNull();

    await act(() => router.navigate(-1));
    expect(await screen.findByText('Page 3 of 5')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search music' })).toHaveValue('');
    await act(() => router.navigate(1));
    expect(await screen.findByRole('region', { name: 'Songs' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search music' })).toHaveValue('blue');
  });

  it('runs the search in ?search= and clears back to the top albums', async () => {
    const router = renderAt('/music?search=nothing');
    expect(
      await screen.findByText('No results found for "nothing". Try searching with different keywords.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Page 1 of 5')).toBeInTheDocument();
  });

  it('says it is waiting for the connection while offline, and loads by itself when it returns', async () => {
    onlineManager.setOnline(false);
    renderAt('/music?page=2');
    expect(await screen.findByText(WAITING_FOR_CONNECTION)).toBeInTheDocument();
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Page 2 of 5')).toBeInTheDocument();
  });
});
