import type { ChartAlbum, ChartAlbumPage, ChartSongPage } from '@liner/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { type FetchCall, jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { ChartsPage } from './charts-page.tsx';

const GENRES = [
  { slug: 'rock', name: 'rock', albumCount: 40 },
  { slug: 'east-coast-hip-hop', name: 'east coast hip-hop', albumCount: 12 },
];

const entry = (rank: number): ChartAlbum => ({
  rank,
  album: {
    id: `album-${rank}`,
    name: `Album ${rank}`,
    artistName: `Artist ${rank}`,
    artistId: `artist-${rank}`,
    imageUrl: `/covers/${rank}.svg`,
    releaseDate: '1997-05-21',
    genre: 'rock',
    listeners: { count: 12, average: 4.25 },
  },
  artistId: `artist-${rank}`,
  type: 'album',
  listeners: { count: 12, average: 4.25 },
});

/** Ranks first..last, and a cursor to the next page when `next` is given. */
const albumPage = (first: number, last: number, next: string | null = null): ChartAlbumPage => ({
  entries: Array.from({ length: last - first + 1 }, (_, index) => entry(first + index)),
  nextCursor: next,
  minListeners: 3,
});

const songPage: ChartSongPage = {
  entries: [
    {
      rank: 1,
      song: {
        id: 's1',
        title: 'Paranoid Android',
        artist: 'Radiohead',
        artistId: 'radiohead',
        img: '/covers/okc.svg',
        albumId: 'okc',
      },
      albumName: 'OK Computer',
      releaseDate: '1997-05-21',
      listeners: { count: 3, average: 4.5 },
    },
  ],
  nextCursor: null,
  minListeners: 3,
};

let calls: FetchCall[];
let albumChart: (params: URLSearchParams) => ChartAlbumPage | Response;

beforeEach(() => {
  albumChart = (params) => (params.get('cursor') === 'page-2' ? albumPage(26, 30) : albumPage(1, 25, 'page-2'));
  calls = stubFetch(({ path, url }) => {
    const params = new URL(url, 'http://localhost').searchParams;
    if (path === '/api/genres') return json(GENRES);
    if (path === '/api/charts/songs') return json(songPage);
    if (path === '/api/charts/albums') {
      const answer = albumChart(params);
      return answer instanceof Response ? answer : json(answer);
    }
    return undefined;
  });
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/charts', element: <ChartsPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const chartRequests = () => calls.filter((call) => call.path.startsWith('/api/charts/')).map((call) => call.url);

describe('Charts', () => {
  it('opens the chart the address names, with its filters chosen', async () => {
    renderAt('/charts?genre=rock&year=1997&type=live');
    expect(await screen.findByRole('link', { name: 'Album 1' })).toHaveAttribute('href', '/album/album-1');
    expect(chartRequests()).toEqual(['/api/charts/albums?genre=rock&year=1997&type=live']);
    // The catalogue keeps genres in lower case; the select shows them as sentences.
    expect(await screen.findByRole('option', { name: 'Rock' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'East coast hip-hop' })).toHaveValue('east-coast-hip-hop');
    expect(screen.getByRole('combobox', { name: 'Genre' })).toHaveValue('rock');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('year:1997');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('live');
    expect(screen.getByRole('tab', { name: 'Albums' })).toHaveAttribute('aria-selected', 'true');
    expect(
      screen.getByText(
        "Ranked by listeners' ratings; an album needs at least 3 listeners, and a few enthusiastic ratings can't top the chart.",
      ),
    ).toBeInTheDocument();
  });

  it('shows each entry ranked, with cover, artist, year and score from its listeners', async () => {
    renderAt('/charts');
    const first = (await screen.findByRole('link', { name: 'Album 1' })).closest('li') as HTMLElement;
    expect(first).toHaveTextContent('1');
    expect(first).toHaveTextContent('Artist 1');
    expect(first).toHaveTextContent('1997');
    expect(first).toHaveTextContent('★ 4.3 · 12 listeners');
    const cover = first.querySelector('img');
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(cover).toHaveAttribute('width');
    expect(cover).toHaveAttribute('height');
  });

  it('puts each filter in the address, starting the chart again from rank 1, and Back restores the one before', async () => {
    const router = renderAt('/charts');
    await screen.findByRole('link', { name: 'Album 1' });
    await screen.findByRole('option', { name: 'Rock' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Genre' }), 'rock');
    expect(router.state.location.search).toBe('?genre=rock');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), '1990s');
    expect(router.state.location.search).toBe('?genre=rock&decade=1990');
    // A year replaces the decade: only one of them at a time.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), '1997');
    expect(router.state.location.search).toBe('?genre=rock&year=1997');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Live');
    expect(router.state.location.search).toBe('?genre=rock&year=1997&type=live');
    await screen.findByRole('link', { name: 'Album 1' });
    expect(chartRequests().at(-1)).toBe('/api/charts/albums?genre=rock&year=1997&type=live');
    expect(chartRequests().some((url) => url.includes('cursor'))).toBe(false);

    await act(() => router.navigate(-1));
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('year:1997');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('');
    await act(() => router.navigate(-1));
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('decade:1990');
    await act(() => router.navigate(1));
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('year:1997');
  });

  it('switches to songs, which have no type filter, keeping genre and period', async () => {
    const router = renderAt('/charts?genre=rock&year=1997&type=live');
    await screen.findByRole('link', { name: 'Album 1' });
    await userEvent.click(screen.getByRole('tab', { name: 'Songs' }));
    expect(router.state.location.search).toBe('?kind=songs&genre=rock&year=1997');
    const song = (await screen.findByRole('link', { name: 'Paranoid Android' })).closest('li') as HTMLElement;
    expect(within(song).getByRole('link', { name: 'Paranoid Android' })).toHaveAttribute('href', '/album/okc');
    expect(within(song).getByRole('link', { name: 'Radiohead' })).toHaveAttribute('href', '/artist/radiohead');
    expect(song).toHaveTextContent('OK Computer · 1997');
    expect(song).toHaveTextContent('★ 4.5 · 3 listeners');
    expect(screen.queryByRole('combobox', { name: 'Type' })).toBeNull();
    expect(chartRequests().at(-1)).toBe('/api/charts/songs?genre=rock&year=1997');
    expect(screen.getByText(/a song needs at least 3 listeners/)).toBeInTheDocument();
  });

  it('loads more with the cursor, continuing the ranks, and moves focus to the first new entry', async () => {
    renderAt('/charts?genre=rock');
    await screen.findByRole('link', { name: 'Album 25' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const next = await screen.findByRole('link', { name: 'Album 26' });
    expect(chartRequests().at(-1)).toBe('/api/charts/albums?genre=rock&cursor=page-2');
    expect(next.closest('li')).toHaveTextContent(/^26/);
    expect(next).toHaveFocus();
    expect(screen.getAllByRole('listitem')).toHaveLength(30);
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('explains an empty chart: how many listeners an album needs, and that several people count', async () => {
    albumChart = () => ({ entries: [], nextCursor: null, minListeners: 3 });
    renderAt('/charts?genre=east-coast-hip-hop&decade=1950');
    expect(await screen.findByRole('heading', { name: 'No albums on this chart yet' })).toBeInTheDocument();
    expect(screen.getByText(/An album needs ratings from at least 3 listeners to chart\./)).toBeInTheDocument();
    expect(screen.getByText(/Ratings by several people are what count/)).toBeInTheDocument();
    expect(screen.getByText(/A wider period or another genre may show more\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when the chart failed to load, and tries again', async () => {
    albumChart = () => json({ error: { code: 'BAD_REQUEST', message: 'genre must be 100 characters or less' } }, 400);
    renderAt('/charts');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load the chart: genre must be 100 characters or less',
    );
    albumChart = () => albumPage(1, 2);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Album 2' })).toBeInTheDocument();
  });

  it('shows a loading skeleton, announced once, until the chart comes', async () => {
    let release: () => void = () => {};
    const waiting = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = albumChart;
    stubFetch(async ({ path, url }) => {
      if (path === '/api/genres') return json(GENRES);
      await waiting;
      return json(answer(new URL(url, 'http://localhost').searchParams));
    });
    renderAt('/charts');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('link', { name: 'Album 1' })).toBeNull();
    release();
    expect(await screen.findByRole('link', { name: 'Album 1' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
