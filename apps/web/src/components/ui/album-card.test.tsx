import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type FetchCall, jsonResponse, stubFetch } from '../../testing/fetch-double.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { AlbumCard, type AlbumCardAlbum } from './album-card.tsx';

const card = (listeners: AlbumCardAlbum['listeners']): AlbumCardAlbum => ({
  id: 'kind-of-blue',
  name: 'Kind of Blue',
  artistName: 'Miles Davis',
  artistId: 'miles-davis',
  imageUrl: '/covers/kob.svg',
  releaseDate: '1959-08-17',
  listeners,
});

/** The installation's minimum: 3 listeners before a score is the community's. */
function serveConfig(): FetchCall[] {
  return stubFetch(({ path }) =>
    path === '/api/config' ? jsonResponse({ googleSignIn: false, chartMinListeners: 3, federation: false }) : undefined,
  );
}

describe('AlbumCard', () => {
  it('links the title to the album and the artist to their page, one link inside none', () => {
    serveConfig();
    const { container } = renderWithProviders(<AlbumCard album={card({ count: 0, average: null })} />);
    expect(screen.getByRole('link', { name: 'Kind of Blue' })).toHaveAttribute('href', '/album/kind-of-blue');
    expect(screen.getByRole('link', { name: 'Miles Davis' })).toHaveAttribute('href', '/artist/miles-davis');
    expect(screen.getByRole('img', { name: 'Kind of Blue cover' })).toBeInTheDocument();
    expect(screen.getByText('1959')).toBeInTheDocument();
    expect(container.querySelector('a a')).toBeNull();
  });

  it('shows the community score with its listeners once the charts minimum is reached', async () => {
    serveConfig();
    const { container } = renderWithProviders(<AlbumCard album={card({ count: 3, average: 4.24 })} />);
    expect(await screen.findByText('4.2 stars from 3 listeners')).toBeInTheDocument();
    const meta = container.querySelector('.album-card__meta') as HTMLElement;
    expect(within(meta).getByText('★')).toBeInTheDocument();
    expect(meta).toHaveTextContent('★ 4.2 · 3 listeners');
  });

  it('keeps one or two people’s ratings off the card, below the minimum', async () => {
    const calls = serveConfig();
    const { container } = renderWithProviders(<AlbumCard album={card({ count: 2, average: 5 })} />);
    // Wait for the configuration, so the card is judged with the minimum known.
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/config')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).not.toHaveTextContent('★');
    expect(screen.queryByText(/stars from/)).toBeNull();
  });

  it('asks nothing and shows no score when nobody rated it', () => {
    const calls = serveConfig();
    const { container } = renderWithProviders(<AlbumCard album={card({ count: 0, average: null })} />);
    expect(container).not.toHaveTextContent('★');
    expect(calls).toEqual([]);
  });
});
