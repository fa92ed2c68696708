import type { AlbumSummary } from '@liner/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FetchCall, jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { FavouriteAlbumsShelf } from './favourite-albums-shelf.tsx';

const album = (id: string, name: string, artistName = 'Someone'): AlbumSummary => ({
  id,
  name,
  artistName,
  artistId: artistName.toLowerCase(),
  imageUrl: `/covers/${id}.svg`,
  releaseDate: '1997',
  genre: 'rock',
  listeners: { count: 0, average: null },
});

const OK = album('ok', 'OK Computer', 'Radiohead');
const KID = album('kid', 'Kid A', 'Radiohead');
const DAMN = album('damn', 'DAMN.', 'Kendrick Lamar');
const BLUE = album('blue', 'Kind of Blue', 'Miles Davis');

/** The shelf's API: its GET, the catalogue search and the PUT, which answers the saved shelf or `refuse`. */
function serve(shelf: AlbumSummary[], refuse?: { status: number; message: string }): FetchCall[] {
  let current = shelf;
  const catalogue = [OK, KID, DAMN, BLUE];
  return stubFetch(({ method, path, url, body }) => {
    if (method === 'GET' && path === '/api/users/u1/favourites') return json({ albums: current });
    if (method === 'GET' && path === '/api/music/search') {
      const q = new URL(url, 'http://x').searchParams.get('q')?.toLowerCase() ?? '';
      const albums = catalogue.filter((a) => a.name.toLowerCase().includes(q));
      return json({ albums, total: albums.length });
    }
    if (method === 'PUT' && path === '/api/users/me/favourites') {
      if (refuse) return json({ error: { code: 'BAD_REQUEST', message: refuse.message } }, refuse.status);
      const ids = (body as { albumIds: string[] }).albumIds;
      current = ids.map((id) => catalogue.find((a) => a.id === id) as AlbumSummary);
      return json({ albums: current });
    }
    return undefined;
  });
}

async function openEditor() {
  await userEvent.click(await screen.findByRole('button', { name: 'Edit favourites' }));
  return screen.findByRole('dialog', { name: 'Edit favourites' });
}

const chosenNames = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: /Your favourites/ }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.favourites-dialog__name')?.textContent);

describe('favourite albums shelf', () => {
  it('shows the albums in order, linking to them; a visitor sees no editor', async () => {
    serve([OK, DAMN]);
    renderWithProviders(<FavouriteAlbumsShelf userId="u1" isOwner={false} />);
    expect(await screen.findByRole('link', { name: 'OK Computer' })).toHaveAttribute('href', '/album/ok');
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['OK Computer', 'DAMN.']);
    expect(screen.queryByRole('button', { name: 'Edit favourites' })).toBeNull();
  });

  it('tells a visitor when none are chosen, and the owner what the shelf is for', async () => {
    serve([]);
    const { unmount } = renderWithProviders(<FavouriteAlbumsShelf userId="u1" isOwner={false} />);
    expect(await screen.findByText('No favourite albums chosen yet.')).toBeInTheDocument();
    unmount();
    serve([]);
    renderWithProviders(<FavouriteAlbumsShelf userId="u1" isOwner />, { user: makeUser() });
    expect(await screen.findByText('Choose up to 4 albums to show first on your profile.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit favourites' })).toBeEnabled();
  });
});

describe('Edit favourites dialog', () => {
  it('reorders and removes with the keyboard, keeping focus on the task, and saves the new order', async () => {
    const calls = serve([OK, KID, DAMN]);
    renderWithProviders(<FavouriteAlbumsShelf userId="u1" isOwner />, { user: makeUser() });
    const dialog = await openEditor();
    expect(chosenNames(dialog)).toEqual(['OK Computer', 'Kid A', 'DAMN.']);
    expect(within(dialog).getByRole('button', { name: 'Move OK Computer up' })).toBeDisabled();

    within(dialog).getByRole('button', { name: 'Move DAMN. up' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(chosenNames(dialog)).toEqual(['OK Computer', 'DAMN.', 'Kid A']);
    expect(within(dialog).getByRole('button', { name: 'Move DAMN. up' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(chosenNames(dialog)).toEqual(['DAMN.', 'OK Computer', 'Kid A']);
    // At the top "Move up" is disabled: focus goes to its pair.
    expect(within(dialog).getByRole('button', { name: 'Move DAMN. down' })).toHaveFocus();
    expect(within(dialog).getByRole('status')).toHaveTextContent('DAMN. moved to place 1 of 3');

    within(dialog).getByRole('button', { name: 'Remove OK Computer' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(chosenNames(dialog)).toEqual(['DAMN.', 'Kid A']);
    expect(within(dialog).getByRole('button', { name: 'Remove Kid A' })).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ albumIds: ['damn', 'kid'] });
    expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['DAMN.', 'Kid A']);
    // Focus goes back to the button that opened the editor.
    expect(screen.getByRole('button', { name: 'Edit favourites' })).toHaveFocus();
  });

  it('adds from a catalogue search or from the collection, up to four', async () => {
    const calls = serve([OK]);
    renderWithProviders(<FavouriteAlbumsShelf userId="u1" isOwner collection={[BLUE, KID]} />, { user: makeUser() });
    const dialog = await openEditor();
    await userEvent.type(within(dialog).getByLabelText('Search albums'), 'dam');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Add DAMN.' }));
    expect(chosenNames(dialog)).toEqual(['OK Computer', 'DAMN.']);
    expect(within(dialog).getByRole('button', { name: 'Added: DAMN.' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Your collection' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Kind of Blue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Kid A' }));
    expect(chosenNames(dialog)).toEqual(['OK Computer', 'DAMN.', 'Kind of Blue', 'Kid A']);
    expect(within(dialog).getByText('Your favourites (4 of 4)')).toBeInTheDocument();
    expect(within(dialog).getByText('Your shelf is full: remove an album to add another.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ albumIds: ['ok', 'damn', 'blue', 'kid'] });
  });

  it("shows the server's refusal and stays open with the choices kept", async () => {
    serve([OK], { status: 400, message: 'You can choose up to 4 favourite albums' });
    renderWithProviders(<FavouriteAlbumsShelf userId="u1" isOwner />, { user: makeUser() });
    const dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can choose up to 4 favourite albums');
    expect(chosenNames(dialog)).toEqual(['OK Computer']);
  });

  it('Cancel closes without saving', async () => {
    const calls = serve([OK]);
    renderWithProviders(<FavouriteAlbumsShelf userId="u1" isOwner />, { user: makeUser() });
    const dialog = await openEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove OK Computer' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(screen.getByRole('link', { name: 'OK Computer' })).toBeInTheDocument();
  });
});
