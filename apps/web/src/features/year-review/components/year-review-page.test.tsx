import type { ProfileView, YearReview } from '@liner/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { YearReviewPage } from './year-review-page.tsx';

const profile = (overrides: Partial<ProfileView> = {}): ProfileView => ({
  userId: 'u2',
  displayName: 'bo',
  bio: '',
  pictureUrl: null,
  setupComplete: true,
  followerCount: 0,
  followingCount: 0,
  createdAt: '2020-01-01T00:00:00.000Z',
  locked: false,
  blockedByMe: false,
  mutedByMe: false,
  followRequested: false,
  canSeeContent: true,
  ...overrides,
});

const album = (id: string, name: string) => ({ id, name, artistName: 'Slowdive', imageUrl: `/covers/${id}.webp` });

const months = (listens: Record<number, number>) =>
  Array.from({ length: 12 }, (_, i) => ({ month: i + 1, listens: listens[i + 1] ?? 0, songsRated: 0 }));

const review = (overrides: Partial<YearReview> = {}): YearReview => ({
  year: 2025,
  albumsRated: 2,
  songsRated: 12,
  listens: 7,
  albumsListened: 2,
  months: months({ 3: 5, 11: 2 }),
  topAlbums: [{ album: album('souvlaki', 'Souvlaki'), listens: 5, rating: 4.5 }],
  topSongs: [{ id: 't1', title: 'Alison', rating: 5, album: album('souvlaki', 'Souvlaki') }],
  topArtists: [{ id: 'slowdive', name: 'Slowdive', listens: 7 }],
  topGenres: [{ slug: 'shoegaze', name: 'shoegaze', albums: 2 }],
  highestRated: [{ album: album('souvlaki', 'Souvlaki'), rating: 4.5 }],
  lowestRated: [{ album: album('pygmalion', 'Pygmalion'), rating: 2 }],
  longestReview: { postId: 'p1', title: 'Dream pop at its peak', album: album('souvlaki', 'Souvlaki'), words: 412 },
  listsMade: [{ id: 'l1', title: 'Wall of sound', kind: 'album' }],
  peopleFollowed: 3,
  ...overrides,
});

function serve(body: YearReview) {
  return stubFetch(({ path }) => (path === '/api/users/u2/year/2025' ? json(body) : undefined));
}

describe('year in music page', () => {
  it("shows a person's numbers, each section with its links, and the months in words for a screen reader", async () => {
    serve(review());
    renderWithProviders(<YearReviewPage profile={profile()} year={2025} />);
    expect(await screen.findByRole('heading', { level: 1, name: "bo's 2025 in music" })).toBeInTheDocument();
    const numbers = await screen.findByText('Songs rated');
    expect(numbers.nextElementSibling).toHaveTextContent('12');
    expect(screen.getByText('People followed').nextElementSibling).toHaveTextContent('3');

    const listens = screen.getByRole('list', { name: 'Listens by month' });
    const bars = within(listens).getAllByRole('listitem');
    expect(bars).toHaveLength(12);
    expect(bars[2]).toHaveTextContent('March: 5 listens');
    expect(bars[0]).toHaveTextContent('January: 0 listens');
    expect(screen.getByText('Busiest: March, 5 listens')).toBeInTheDocument();
    // No song was rated month by month here, so that chart is left out rather than drawn empty.
    expect(screen.queryByRole('list', { name: 'Songs rated by month' })).not.toBeInTheDocument();

    const topAlbums = screen.getByRole('region', { name: 'Top albums' });
    expect(within(topAlbums).getByRole('link', { name: 'Souvlaki' })).toHaveAttribute('href', '/album/souvlaki');
    expect(topAlbums).toHaveTextContent('5 listens');
    expect(topAlbums).toHaveTextContent('rated ★ 4.5');
    const topSongs = screen.getByRole('region', { name: 'Top songs' });
    expect(topSongs).toHaveTextContent('Alison');
    expect(topSongs).toHaveTextContent('Souvlaki · Slowdive');
    expect(topSongs).toHaveTextContent('rated ★ 5.0');
    expect(screen.getByRole('link', { name: 'Slowdive' })).toHaveAttribute('href', '/artist/slowdive');
    expect(screen.getByRole('link', { name: 'Shoegaze' })).toHaveAttribute('href', '/charts?genre=shoegaze');
    expect(screen.getByRole('region', { name: 'Lowest rated' })).toHaveTextContent('rated ★ 2.0');
    expect(screen.getByRole('link', { name: 'Dream pop at its peak' })).toHaveAttribute('href', '/post/p1');
    expect(screen.getByRole('region', { name: 'Longest review' })).toHaveTextContent('412 words');
    expect(screen.getByRole('link', { name: 'Wall of sound' })).toHaveAttribute('href', '/lists/l1');

    // The year as a picture: previewed with its words for a screen reader, each size to download.
    const share = screen.getByRole('region', { name: "Share bo's year" });
    expect(within(share).getByRole('img')).toHaveAttribute(
      'alt',
      "bo's 2025 in music: 2 albums rated, 12 songs rated, 7 listens; top artist Slowdive.",
    );
    expect(within(share).getByRole('img')).toHaveAttribute('src', '/api/users/u2/year/2025/card.png?size=wide');
    const story = within(share).getByRole('link', { name: 'Download for stories (1080×1920)' });
    expect(story).toHaveAttribute('href', '/api/users/u2/year/2025/card.png?size=story');
    expect(story).toHaveAttribute('download', 'bo-2025-in-music-story.png');
  });

  it('moves between years, never past this one or before 2000', async () => {
    serve(review());
    const { unmount } = renderWithProviders(<YearReviewPage profile={profile()} year={2025} />);
    const years = await screen.findByRole('navigation', { name: 'Other years' });
    expect(within(years).getByRole('link', { name: '← 2024' })).toHaveAttribute('href', '/profile/bo/year/2024');
    expect(within(years).getByRole('link', { name: '2026 →' })).toHaveAttribute('href', '/profile/bo/year/2026');
    unmount();

    stubFetch(() => json(review({ year: 2000 })));
    renderWithProviders(<YearReviewPage profile={profile()} year={2000} />);
    const first = await screen.findByRole('navigation', { name: 'Other years' });
    expect(within(first).queryByRole('link', { name: /1999/ })).not.toBeInTheDocument();
  });

  it('speaks to its owner, and tells them how to fill an empty year', async () => {
    serve(
      review({
        albumsRated: 0,
        songsRated: 0,
        listens: 0,
        albumsListened: 0,
        months: months({}),
        topAlbums: [],
        topSongs: [],
        topArtists: [],
        topGenres: [],
        highestRated: [],
        lowestRated: [],
        longestReview: null,
        listsMade: [],
        peopleFollowed: 0,
      }),
    );
    renderWithProviders(<YearReviewPage profile={profile()} year={2025} />, { user: makeUser({ id: 'u2' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your 2025 in music' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Nothing rated or logged in 2025 yet. Rate songs and log listens, and your year will show here.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Month by month' })).not.toBeInTheDocument();
  });

  it('asks nothing of the server for a private profile the visitor may not read, and says so', async () => {
    const calls = stubFetch(() => json(review()));
    renderWithProviders(<YearReviewPage profile={profile({ locked: true, canSeeContent: false })} year={2025} />);
    expect(await screen.findByRole('heading', { name: 'This profile is private' })).toBeInTheDocument();
    expect(screen.getByText("Only approved followers can see bo's year in music.")).toBeInTheDocument();
    expect(calls.filter((call) => call.path.includes('/year/'))).toHaveLength(0);
  });

  it("says why the year could not be loaded, in the server's words", async () => {
    stubFetch(() => json({ error: { code: 'NOT_FOUND', message: 'User not found' } }, 404));
    renderWithProviders(<YearReviewPage profile={profile()} year={2025} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
  });
});
