import type { ProfileStats } from '@liner/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ProfileStatsPanel } from './profile-stats.tsx';

const stats = (overrides: Partial<ProfileStats> = {}): ProfileStats => ({
  albumsRated: 5,
  songsRated: 6,
  averageRating: 3.7,
  distribution: [0, 1, 0, 0, 0, 0, 1, 0, 2, 1],
  topGenres: [
    { slug: 'art-rock', name: 'art rock', albums: 2, average: 4.7 },
    { slug: 'hip-hop', name: 'hip-hop', albums: 1, average: 4 },
  ],
  topArtists: [{ id: 'radiohead', name: 'Radiohead', albums: 1, average: 4.3 }],
  joinedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

function serve(body: ProfileStats) {
  return stubFetch(({ path }) => (path === '/api/users/u2/stats' ? json(body) : undefined));
}

describe('profile stats panel', () => {
  it('shows the counts, the average and the distribution in words for a screen reader', async () => {
    serve(stats());
    renderWithProviders(<ProfileStatsPanel userId="u2" isOwner={false} />);
    expect(await screen.findByTestId('albums-rated')).toHaveTextContent('5');
    expect(screen.getByTestId('songs-rated')).toHaveTextContent('6');
    expect(screen.getByTestId('average-rating')).toHaveTextContent('3.7');
    const chart = screen.getByRole('list', { name: 'Albums by rating' });
    const buckets = within(chart).getAllByRole('listitem');
    expect(buckets).toHaveLength(10);
    expect(buckets[1]).toHaveTextContent('1 star: 1 album');
    expect(buckets[8]).toHaveTextContent('4½ stars: 2 albums');
    expect(buckets[0]).toHaveTextContent('½ star: 0 albums');
  });

  it('links top genres to their charts and top artists to their pages', async () => {
    serve(stats());
    renderWithProviders(<ProfileStatsPanel userId="u2" isOwner={false} />);
    expect(await screen.findByRole('link', { name: 'art rock' })).toHaveAttribute('href', '/charts?genre=art-rock');
    expect(screen.getByRole('link', { name: 'hip-hop' })).toHaveAttribute('href', '/charts?genre=hip-hop');
    expect(screen.getByRole('link', { name: 'Radiohead' })).toHaveAttribute('href', '/artist/radiohead');
    expect(screen.getByRole('heading', { name: 'Top genres' })).toBeInTheDocument();
    expect(screen.getByText('2 albums')).toBeInTheDocument();
  });

  it('says nothing is rated yet, to the owner how to start, with no chart or lists', async () => {
    const empty = stats({
      albumsRated: 0,
      songsRated: 0,
      averageRating: null,
      distribution: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      topGenres: [],
      topArtists: [],
    });
    serve(empty);
    const { unmount } = renderWithProviders(<ProfileStatsPanel userId="u2" isOwner={false} />);
    expect(await screen.findByText('No albums rated yet.')).toBeInTheDocument();
    expect(screen.getByTestId('average-rating')).toHaveTextContent('–');
    expect(screen.queryByRole('list', { name: 'Albums by rating' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Top genres' })).toBeNull();
    unmount();
    serve(empty);
    renderWithProviders(<ProfileStatsPanel userId="u2" isOwner />);
    expect(await screen.findByText('Rate some albums and your stats will show here.')).toBeInTheDocument();
  });
});
