import type { MyAlbumRatings } from '@liner/shared';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type FetchCall, jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { answerMyProfile } from '../../../testing/my-profile.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { AlbumLibraryActions } from './album-library-actions.tsx';

const album = { id: 'kob', name: 'Kind of Blue', artistName: 'Miles Davis', imageUrl: '/c.svg' };

const mine: MyAlbumRatings = {
  ratings: {},
  albumRating: null,
  albumRatingChosen: false,
  songsRating: null,
  inCollection: false,
  inRateLater: false,
};

/** As on the album page: inRateLater is read from the listener's album query, which the actions update. */
function Page({ signedIn = true }: { signedIn?: boolean }) {
  const { data } = useQuery({
    queryKey: queryKeys.myAlbumRatings('u1', 'kob'),
    queryFn: () => mine,
    initialData: mine,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <AlbumLibraryActions
      album={album}
      albumRating={null}
      inCollection={false}
      inRateLater={data.inRateLater}
      signedIn={signedIn}
    />
  );
}

describe('AlbumLibraryActions', () => {
  it('links "Please log in" to the log-in page when signed out', () => {
    renderWithProviders(<Page signedIn={false} />);
    expect(screen.getByRole('link', { name: 'Please log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByText(/to add albums to your rate later list/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Rate Later' })).toBeDisabled();
  });

  it('asks nobody to log in while the session check has not answered', () => {
    renderWithProviders(
      <AlbumLibraryActions
        album={album}
        albumRating={null}
        inCollection={false}
        inRateLater={false}
        signedIn={false}
        sessionKnown={false}
      />,
    );
    expect(screen.queryByRole('link', { name: 'Please log in' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rate Later' })).toBeDisabled();
  });

  it('offers no Rate Later for an album already in the collection', () => {
    renderWithProviders(
      <AlbumLibraryActions album={album} albumRating={4} inCollection inRateLater={false} signedIn />,
      { user: makeUser() },
    );
    expect(screen.getByRole('button', { name: 'Added to Collection' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Rate Later/ })).not.toBeInTheDocument();
  });

  it('confirms Rate Later with an Undo that takes the album off the list again', async () => {
    const calls: FetchCall[] = [];
    stubFetch((call) => {
      calls.push(call);
      if (call.method === 'POST' && call.path === '/api/users/me/ratelater') {
        const entry = {
          ...album,
          artistId: 'miles-davis',
          releaseDate: '1959-08-17',
          listeners: { count: 0, average: null },
          type: 'album',
          addedAt: '2026-11-22T00:00:00.000Z',
        };
        return jsonResponse(entry, 201);
      }
      if (call.method === 'DELETE' && call.path === '/api/users/me/ratelater/kob') return jsonResponse(undefined, 204);
      return undefined;
    });
    renderWithProviders(<Page />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Rate Later' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved to your Want to Listen list.');
    expect(screen.getByRole('button', { name: 'Added to Rate Later' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: 'Rate Later' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/users/me/ratelater',
      'DELETE /api/users/me/ratelater/kob',
    ]);
  });

  it("sends the review's chosen audience as reviewVisibility", async () => {
    const calls = stubFetch((call) => {
      if (call.method === 'POST' && call.path === '/api/users/me/collection') {
        const entry = {
          ...album,
          artistId: 'miles-davis',
          releaseDate: '1959-08-17',
          listeners: { count: 1, average: 4 },
          rating: 4,
          dateAdded: '2026-11-22T00:00:00.000Z',
          type: 'album',
          reviewPostId: 'p1',
        };
        return jsonResponse(entry, 201);
      }
      return answerMyProfile(call);
    });
    renderWithProviders(
      <AlbumLibraryActions album={album} albumRating={4} inCollection={false} inRateLater={false} signedIn />,
      { user: makeUser() },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add to Collection' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Review' }), 'Blue in green.');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Who can see this' }), 'Followers only');
    await userEvent.click(screen.getByRole('button', { name: 'Create Review & Add to Collection' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      albumId: 'kob',
      review: 'Blue in green.',
      reviewVisibility: 'followers',
    });
  });
});
