import type { AlbumCommunity, AlbumDetail, ListSummary, MyAlbumRatings } from '@liner/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type FetchCall, jsonResponse as json, stubFetch } from '../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../testing/render.tsx';
import { Component as AlbumRoute } from './album.tsx';

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
  listeners: { count: 0, average: null },
  tracks: [
    { id: 't1', name: 'So What', position: 1, duration_formatted: '9:22', durationMs: 562_000 },
    { id: 't2', name: 'Freddie Freeloader', position: 2, duration_formatted: '9:46', durationMs: 586_000 },
  ],
  community: { ratingsCount: 0, average: null },
};
const community: AlbumCommunity = {
  albumId: 'kob',
  scoresHidden: false,
  album: { ratingsCount: 0, average: null },
  histogram: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  listeners: { count: 0, average: null },
  ranks: { year: null, genre: null },
  tracks: {},
  reviews: [],
};
const mine: MyAlbumRatings = {
  ratings: {},
  albumRating: null,
  albumRatingChosen: false,
  songsRating: null,
  inCollection: false,
  inRateLater: false,
};
const summary = (id: string, title: string, kind: 'album' | 'song'): ListSummary => ({
  id,
  userId: 'u1',
  userDisplayName: 'ana',
  title,
  description: '',
  kind,
  ranked: false,
  visibility: 'public',
  entriesCount: 0,
  likesCount: 0,
  commentsCount: 0,
  covers: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

/** The album page's API for a signed-in listener with one album list and one song list. */
function serve(): FetchCall[] {
  return stubFetch(({ method, path }) => {
    if (method === 'GET') {
      if (path === '/api/music/albums/kob') return json(album);
      if (path === '/api/albums/kob/community') return json(community);
      if (path === '/api/albums/kob/my-ratings') return json(mine);
      if (path === '/api/albums/kob/friends') return json({ ratings: [], total: 0 });
      if (path === '/api/albums/kob/listens/mine') return json([]);
      if (path === '/api/albums/kob/lists') return json({ lists: [], nextCursor: null });
      if (path === '/api/config') return json({ googleSignIn: false, chartMinListeners: 3, federation: false });
      if (path === '/api/users/u1/lists') {
        return json({
          lists: [summary('l1', 'Jazz', 'album'), summary('l2', 'Night songs', 'song')],
          nextCursor: null,
        });
      }
    }
    if (method === 'POST' && path === '/api/lists/l2/entries') {
      return json({ ...summary('l2', 'Night songs', 'song'), entries: [], likedByMe: false }, 201);
    }
    return undefined;
  });
}

describe('the album page, signed in', () => {
  it("offers each song's 'Add to list' for the person's song lists, and adds the track", async () => {
    const calls = serve();
    renderWithProviders(
      <Routes>
        <Route path="/album/:albumId" element={<AlbumRoute />} />
      </Routes>,
      { user: makeUser(), path: '/album/kob' },
    );
    const tracks = await screen.findByRole('region', { name: 'Tracks' });
    const row = within(tracks).getAllByRole('listitem')[1];
    if (!row) throw new Error('no second track row');
    expect(row).toHaveTextContent('Freddie Freeloader');
    await userEvent.click(within(row).getByRole('button', { name: 'Add Freddie Freeloader to list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Freddie Freeloader to a list' });
    const add = await within(dialog).findByRole('button', { name: 'Add to Night songs' });
    expect(within(dialog).getByRole('list', { name: 'Your song lists' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Add to Jazz' })).not.toBeInTheDocument();
    await userEvent.click(add);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Added Freddie Freeloader to Night songs');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/lists/l2/entries',
      body: { trackId: 't2' },
    });
  });
});
