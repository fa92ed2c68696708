import type { AlbumCommunity, AlbumDetail, FriendRatings, MyAlbumRatings } from '@liner/shared';
import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FetchCall, jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { AlbumPage } from './album-page.tsx';

const album: AlbumDetail = {
  id: 'kob',
  name: 'Kind of Blue',
  artistName: 'Miles Davis',
  imageUrl: '/c.svg',
  releaseDate: '1959-08-17',
  genre: null,
  artistId: 'miles-davis',
  type: 'album',
  genres: [],
  trackCount: 2,
  runtimeMs: 1_148_000,
  mbid: null,
  listeners: { count: 1, average: 3.5 },
  tracks: [
    { id: 't1', name: 'So What', position: 1, duration_formatted: '9:22', durationMs: 562_000 },
    { id: 't2', name: 'Freddie Freeloader', position: 2, duration_formatted: '9:46', durationMs: 586_000 },
  ],
  community: { ratingsCount: 2, average: 3.5 },
};
const baseCommunity: AlbumCommunity = {
  albumId: 'kob',
  scoresHidden: false,
  album: { ratingsCount: 2, average: 3.5 },
  histogram: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
  listeners: { count: 1, average: 3.5 },
  ranks: { year: null, genre: null },
  tracks: {},
  reviews: [],
};

let community = baseCommunity;
beforeEach(() => {
  community = baseCommunity;
});

/** The listener's ratings on the album: nothing rated, nothing saved, unless overridden. */
function mineWith(overrides: Partial<MyAlbumRatings> = {}): MyAlbumRatings {
  return {
    ratings: {},
    albumRating: null,
    albumRatingChosen: false,
    songsRating: null,
    inCollection: false,
    inRateLater: false,
    ...overrides,
  };
}

/** The album's server, with `mine` as the signed-in listener's ratings; records every call. */
function serve(
  mine: MyAlbumRatings,
  friends: FriendRatings = { albumId: 'kob', ratings: [], total: 0, scoresHidden: false },
) {
  const calls: FetchCall[] = [];
  stubFetch((call) => {
    calls.push(call);
    const { method, path, body } = call;
    if (path === '/api/music/albums/kob') return jsonResponse(album);
    if (path === '/api/albums/kob/community') return jsonResponse(community);
    if (path === '/api/albums/kob/my-ratings') return jsonResponse(mine);
    if (path === '/api/albums/kob/friends') return jsonResponse(friends);
    if (path === '/api/config') return jsonResponse({ googleSignIn: false, chartMinListeners: 3, federation: false });
    if (method === 'PUT' && path === '/api/users/me/score-reveals/kob') {
      community = {
        ...baseCommunity,
        histogram: [0, 0, 0, 0, 0, 0, 0, 0, 4, 0],
        listeners: { count: 4, average: 4.5 },
      };
      return new Response(null, { status: 204 });
    }
    if (method === 'PUT' && path === '/api/albums/kob/my-rating' && (body as { rating: null }).rating === null) {
      return jsonResponse({ albumRating: mine.songsRating, albumRatingChosen: false, songsRating: mine.songsRating });
    }
    if (method === 'PUT' && path === '/api/albums/kob/my-rating') {
      const halfStars = (body as { rating: number }).rating;
      return jsonResponse({ albumRating: halfStars / 2, albumRatingChosen: true, songsRating: mine.songsRating });
    }
    if (method === 'PUT' && path === '/api/albums/kob/tracks/t2/rating') {
      return jsonResponse({
        trackId: 't2',
        rating: 6,
        albumRating: 4,
        albumRatingChosen: false,
        songsRating: 4,
        track: { ratingsCount: 1, average: 3 },
        album: { ratingsCount: 3, average: 3.7 },
      });
    }
    return undefined;
  });
  return calls;
}

const page = <AlbumPage albumId="kob" actions={() => null} reviews={() => null} />;

describe('AlbumPage', () => {
  it('shows the server\'s album rating under a visible "Album Rating" title, not a local average', async () => {
    // The songs' mean would be 2.5; the server's rating (chosen in the collection) is 4.5.
    serve(
      mineWith({ ratings: { t1: 5 }, albumRating: 4.5, albumRatingChosen: true, songsRating: 2.5, inCollection: true }),
    );
    renderWithProviders(page, { user: makeUser() });
    expect(await screen.findByRole('img', { name: 'Album Rating: 4.5 of 5 stars' })).toBeVisible();
    expect(screen.getByText('Album Rating')).toBeVisible();
    expect(screen.getByText('(Your chosen rating)')).toBeVisible();
    expect(screen.queryByText('(Average of song ratings)')).not.toBeInTheDocument();
  });

  it('goes back to the songs\' mean with "Use my song ratings"', async () => {
    const calls = serve(
      mineWith({ ratings: { t1: 5 }, albumRating: 4.5, albumRatingChosen: true, songsRating: 2.5, inCollection: true }),
    );
    renderWithProviders(page, { user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Use my song ratings (2.5)' }));
    expect(await screen.findByRole('img', { name: 'Album Rating: 2.5 of 5 stars' })).toBeVisible();
    expect(screen.getByText('(Average of song ratings)')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Use my song ratings/ })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/api/albums/kob/my-rating', body: { rating: null } }),
    ]);
  });

  it('chooses the album rating from the page, in half stars', async () => {
    const calls = serve(mineWith({ ratings: { t1: 5 }, albumRating: 2.5, songsRating: 2.5 }));
    renderWithProviders(page, { user: makeUser() });
    const choose = await screen.findByRole('slider', { name: 'Choose your album rating' });
    choose.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByRole('img', { name: 'Album Rating: 0.5 of 5 stars' })).toBeVisible();
    expect(screen.getByText('(Your chosen rating)')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/api/albums/kob/my-rating', body: { rating: 1 } }),
    ]);
  });

  it('takes the album rating from the answer to a song rating', async () => {
    serve(mineWith());
    renderWithProviders(page, { user: makeUser() });
    expect(await screen.findByRole('img', { name: 'Album Rating: not rated' })).toBeVisible();
    const slider = await screen.findByRole('slider', { name: 'Rate Freddie Freeloader' });
    slider.focus();
    await userEvent.keyboard('{ArrowRight}'.repeat(6));
    expect(await screen.findByRole('img', { name: 'Album Rating: 4 of 5 stars' })).toBeVisible();
  });

  it('says a rating given offline is waiting, and sends it when the connection returns', async () => {
    const calls = serve(mineWith());
    renderWithProviders(page, { user: makeUser() });
    const slider = await screen.findByRole('slider', { name: 'Rate Freddie Freeloader' });
    onlineManager.setOnline(false);
    try {
      slider.focus();
      await userEvent.keyboard('{ArrowRight}'.repeat(6));
      expect(
        await screen.findByText('You are offline: your rating will be saved when the connection returns.'),
      ).toBeVisible();
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    } finally {
      onlineManager.setOnline(true);
    }
    expect(await screen.findByRole('img', { name: 'Album Rating: 4 of 5 stars' })).toBeVisible();
    expect(
      screen.queryByText('You are offline: your rating will be saved when the connection returns.'),
    ).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/api/albums/kob/tracks/t2/rating', body: { rating: 6 } }),
    ]);
  });

  it("saves a rating given before the listener's ratings have loaded", async () => {
    const calls: FetchCall[] = [];
    let answerMine: (() => void) | undefined;
    let saved = false;
    stubFetch((call) => {
      calls.push(call);
      if (call.path === '/api/music/albums/kob') return jsonResponse(album);
      if (call.path === '/api/albums/kob/community') return jsonResponse(community);
      if (call.path === '/api/albums/kob/friends') return jsonResponse({ ratings: [], total: 0 });
      if (call.path === '/api/config')
        return jsonResponse({ googleSignIn: false, chartMinListeners: 3, federation: false });
      if (call.path === '/api/albums/kob/my-ratings') {
        const body = saved ? mineWith({ ratings: { t1: 10 }, albumRating: 5, songsRating: 5 }) : mineWith();
        // The first read is slow.
        return new Promise<Response>((resolve) => {
          answerMine = () => resolve(jsonResponse(body));
        });
      }
      if (call.method === 'PUT' && call.path === '/api/albums/kob/tracks/t1/rating') {
        saved = true;
        return jsonResponse({
          trackId: 't1',
          rating: 10,
          albumRating: 5,
          albumRatingChosen: false,
          songsRating: 5,
          track: { ratingsCount: 1, average: 5 },
          album: { ratingsCount: 1, average: 5 },
        });
      }
      return undefined;
    });
    renderWithProviders(page, { user: makeUser() });
    const slider = await screen.findByRole('slider', { name: 'Rate So What' });
    slider.focus();
    await userEvent.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuetext', '5 of 5 stars');
    // Sent once the listener's ratings are in, so their answer cannot overwrite it.
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    answerMine?.();
    expect(await screen.findByRole('img', { name: 'Album Rating: 5 of 5 stars' })).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([expect.objectContaining({ body: { rating: 10 } })]);
    expect(slider).toHaveAttribute('aria-valuetext', '5 of 5 stars');
  });

  it('keeps every track duration in its row', async () => {
    serve(mineWith());
    renderWithProviders(page, { user: makeUser() });
    const row = (await screen.findByText('So What')).closest('li') as HTMLElement;
    expect(within(row).getByText('9:22')).toBeInTheDocument();
  });

  it('offers a way back when the album does not exist', async () => {
    stubFetch(({ path }) => {
      const notFound = { error: { code: 'ALBUM_NOT_FOUND', message: 'Album not found' } };
      if (path === '/api/music/albums/kob' || path === '/api/albums/kob/community') return jsonResponse(notFound, 404);
      return undefined;
    });
    renderWithProviders(page);
    expect(await screen.findByText('Album not found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Discover music' })).toHaveAttribute('href', '/music');
    expect(screen.getByRole('link', { name: 'home' })).toHaveAttribute('href', '/');
  });

  it('shows the release date, type, genres as chart links, and the songs and runtime', async () => {
    serve(mineWith());
    album.genres = [
      { slug: 'jazz', name: 'jazz' },
      { slug: 'modal-jazz', name: 'modal jazz' },
    ];
    renderWithProviders(page);
    expect(await screen.findByText('17 August 1959')).toBeVisible();
    expect(screen.getByText('2 songs, 19 min')).toBeVisible();
    expect(screen.getByText('Album', { selector: '.album-hero__kind' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Modal jazz' })).toHaveAttribute('href', '/charts?genre=modal-jazz');
    expect(screen.getByRole('link', { name: 'Miles Davis' })).toHaveAttribute('href', '/artist/miles-davis');
    album.genres = [];
  });

  it("draws the listeners' ratings in half-star bars with words for each, and the chart places", async () => {
    community = {
      ...baseCommunity,
      histogram: [1, 0, 0, 0, 0, 0, 0, 2, 3, 4],
      listeners: { count: 10, average: 4.2 },
      ranks: { year: { year: 1959, rank: 3 }, genre: { slug: 'jazz', name: 'jazz', rank: 2 } },
    };
    serve(mineWith());
    renderWithProviders(page);
    const bars = await screen.findByRole('list', { name: 'Listeners by rating' });
    const buckets = within(bars).getAllByRole('listitem');
    expect(buckets).toHaveLength(10);
    expect(buckets[0]).toHaveTextContent('½ star: 1 listener');
    expect(buckets[8]).toHaveTextContent('4½ stars: 3 listeners');
    expect(buckets[9]).toHaveTextContent('5 stars: 4 listeners');
    expect(await screen.findByText('4.2 stars from 10 listeners')).toBeInTheDocument();
    expect(screen.getByText('★')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ranked #3 of 1959' })).toHaveAttribute('href', '/charts?year=1959');
    expect(screen.getByRole('link', { name: '#2 in jazz' })).toHaveAttribute('href', '/charts?genre=jazz');
  });

  it("lists friends' ratings for a signed-in listener, with how many more rated it", async () => {
    serve(mineWith(), {
      ratings: [
        { userId: 'u2', displayName: 'bo', pictureUrl: null, rating: 4.5 },
        { userId: 'u3', displayName: 'cy', pictureUrl: '/pictures/cy.webp', rating: 3 },
      ],
      total: 5,
      albumId: 'kob',
      scoresHidden: false,
    });
    renderWithProviders(page, { user: makeUser() });
    const section = await screen.findByRole('region', { name: "Friends' ratings" });
    expect(within(section).getByRole('link', { name: 'bo' })).toHaveAttribute('href', '/profile/bo');
    expect(within(section).getByRole('img', { name: '4.5 of 5 stars' })).toBeInTheDocument();
    expect(within(section).getByText('and 3 more')).toBeVisible();
  });

  it("asks no friends' ratings of a visitor, and shows none when no friend rated it", async () => {
    const calls = serve(mineWith());
    renderWithProviders(page);
    await screen.findByText('So What');
    expect(calls.some((call) => call.path.endsWith('/friends'))).toBe(false);
    expect(screen.queryByRole('region', { name: "Friends' ratings" })).toBeNull();
  });

  it('keeps the scores of an unrated album from a spoiler-free listener until "Show anyway"', async () => {
    community = {
      ...baseCommunity,
      scoresHidden: true,
      album: { ratingsCount: 8, average: null },
      histogram: [],
      listeners: { count: 4, average: null },
      tracks: { t1: { ratingsCount: 4, average: null } },
    };
    const calls = serve(mineWith(), { albumId: 'kob', ratings: [], total: 2, scoresHidden: true });
    renderWithProviders(page, { user: makeUser() });
    const ratings = await screen.findByRole('region', { name: 'Ratings' });
    expect(within(ratings).getByText('4 listeners')).toBeVisible();
    expect(within(ratings).getByText(/Scores are hidden until you rate this album/)).toBeVisible();
    expect(within(ratings).queryByRole('list', { name: 'Listeners by rating' })).toBeNull();
    expect(screen.getByTestId('community-rating')).toHaveTextContent('Community ratings hidden until you rate it');
    const friends = await screen.findByRole('region', { name: "Friends' ratings" });
    expect(friends).toHaveTextContent('2 people you follow rated it. Their ratings show once you rate it.');

    await userEvent.click(within(ratings).getByRole('button', { name: 'Show anyway' }));
    expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/users/me/score-reveals/kob')).toBe(true);
    expect(await screen.findByRole('list', { name: 'Listeners by rating' })).toBeVisible();
    expect(screen.getByText('4.5 stars from 4 listeners')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show anyway' })).toBeNull();
  });
});
