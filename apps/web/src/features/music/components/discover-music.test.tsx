import type { AlbumSummary } from '@liner/shared';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitingForConnection } from '../../../components/ui/pending-state.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { type FetchCall, jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { DiscoverMusic } from './discover-music.tsx';

const album = (n: number): AlbumSummary => ({
  id: `album-${n}`,
  name: `Album ${n}`,
  artistId: `artist-${n}`,
  artistName: `Artist ${n}`,
  imageUrl: `/covers/${n}.svg`,
  releaseDate: null,
  genre: null,
  listeners: { count: 0, average: null },
});

const newRelease = (n: number): AlbumSummary => ({
  ...album(900 + n),
  name: `Fresh ${n}`,
  releaseDate: `2026-11-0${n}`,
});

let calls: FetchCall[];

beforeEach(() => {
  calls = stubFetch(({ path, url }) => {
    if (path === '/api/music/top-albums') return json(Array.from({ length: 100 }, (_, i) => album(i + 1)));
    if (path === '/api/music/new-releases') return json({ albums: [newRelease(1), newRelease(2)] });
    if (path === '/api/genres') return json(GENRES);
    if (path === '/api/config') return json({ googleSignIn: false, chartMinListeners: 3, federation: false });
    if (path === '/api/music/albums') return browse(new URL(url, 'http://localhost').searchParams);
    if (path !== '/api/music/search') return undefined;
    const params = new URL(url, 'http://localhost').searchParams;
    if (params.get('q') !== 'blue')
      return json(params.get('type') === 'track' ? { tracks: [], total: 0 } : { albums: [], total: 0 });
    if (params.get('type') === 'track') {
      const song = {
        id: 't1',
        title: 'Blue in Green',
        artist: 'Miles Davis',
        artistId: 'miles-davis',
        img: '/covers/kob.svg',
        albumId: 'kind-of-blue',
      };
      return json({ tracks: [song], total: 1 });
    }
    return json({ albums: [{ ...album(7), id: 'kind-of-blue', name: 'Kind of Blue' }], total: 1 });
  });
});

afterEach(() => onlineManager.setOnline(true));

const GENRES = [
  { slug: 'rock', name: 'rock', albumCount: 40 },
  { slug: 'jazz', name: 'jazz', albumCount: 12 },
];

/** The browse endpoint: rock albums of the 1990s, 25 of them (two pages of 20); nothing else matches. */
function browse(params: URLSearchParams) {
  const matches = params.get('genre') === 'rock' && (params.get('decade') ?? '1990') === '1990' ? 25 : 0;
  const offset = Number(params.get('offset'));
  const limit = Number(params.get('limit'));
  const albums = Array.from({ length: Math.max(0, Math.min(limit, matches - offset)) }, (_, i) => ({
    ...album(offset + i + 1),
    name: `Rock ${offset + i + 1}`,
  }));
  return json({ albums, hasMore: offset + limit < matches });
}

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
    const song = within(songs).getByRole('listitem');
    expect(song).toHaveTextContent('Song');
    expect(within(song).getByRole('link', { name: 'Blue in Green' })).toHaveAttribute('href', '/album/kind-of-blue');
    expect(within(song).getByRole('link', { name: 'Miles Davis' })).toHaveAttribute('href', '/artist/miles-davis');
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
    // The top albums and the new releases both wait.
    expect(await screen.findAllByText(waitingForConnection())).toHaveLength(2);
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Page 2 of 5')).toBeInTheDocument();
  });

  it('shows the new releases in a row of their own', async () => {
    renderAt('/music');
    const row = await screen.findByRole('region', { name: 'New releases' });
    expect(await within(row).findByRole('link', { name: 'Fresh 1' })).toHaveAttribute('href', '/album/album-901');
  });

  it('keeps genre, decade and sort in the URL, each a history entry, and pages by hasMore', async () => {
    const router = renderAt('/music');
    await screen.findByText('Page 1 of 5');
    await screen.findByRole('option', { name: 'Rock' });
    await userEvent.selectOptions(screen.getByLabelText('Genre'), 'rock');
    expect(router.state.location.search).toBe('?genre=rock');
    expect(await screen.findByRole('link', { name: 'Rock 1' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Decade'), '1990');
    expect(router.state.location.search).toBe('?genre=rock&decade=1990');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'newest');
    expect(router.state.location.search).toBe('?genre=rock&decade=1990&sort=newest');
    await screen.findByText('Page 1');
    expect(calls.map((call) => call.url)).toContain(
      '/api/music/albums?genre=rock&decade=1990&sort=newest&limit=20&offset=0',
    );
    expect(screen.queryByText(/Page \d of 5/)).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?genre=rock&decade=1990&sort=newest&page=2');
    expect(await screen.findByRole('link', { name: 'Rock 21' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Rock 1' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Sort by')).toHaveValue('score');
    expect(screen.getByLabelText('Decade')).toHaveValue('1990');
    await act(() => router.navigate(-2));
    expect(await screen.findByText('Page 1 of 5')).toBeInTheDocument();
    expect(screen.getByLabelText('Genre')).toHaveValue('');
  });

  it('says so plainly when no album matches, and clears the filters', async () => {
    const router = renderAt('/music?genre=jazz&type=ep');
    expect(await screen.findByText('No albums match these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Page 1 of 5')).toBeInTheDocument();
  });
});
