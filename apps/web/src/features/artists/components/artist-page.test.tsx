import type { AlbumSummary, ArtistDetail } from '@liner/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ArtistPage } from './artist-page.tsx';

const album = (id: string, name: string, releaseDate: string, count = 0): AlbumSummary => ({
  id,
  name,
  artistName: 'Radiohead',
  artistId: 'radiohead',
  imageUrl: `/covers/${id}.svg`,
  releaseDate,
  genre: 'rock',
  listeners: { count, average: count ? 4.6 : null },
});

const radiohead: ArtistDetail = {
  id: 'radiohead',
  name: 'Radiohead',
  mbid: null,
  discography: [
    {
      type: 'album',
      albums: [
        album('pablo-honey', 'Pablo Honey', '1993-02-22'),
        album('ok-computer', 'OK Computer', '1997-05-21', 12),
      ],
    },
    { type: 'ep', albums: [album('my-iron-lung', 'My Iron Lung', '1994-09-26')] },
  ],
  topSongs: [
    {
      id: 's1',
      title: 'Paranoid Android',
      albumId: 'ok-computer',
      albumName: 'OK Computer',
      imageUrl: '/covers/ok-computer.svg',
      listeners: { count: 4, average: 4.5 },
    },
  ],
};

function serve(answer: () => Response | Promise<Response>) {
  stubFetch(({ path }) => {
    if (path === '/api/artists/radiohead') return answer();
    if (path === '/api/config') return jsonResponse({ googleSignIn: false, chartMinListeners: 3, federation: false });
    return undefined;
  });
}

describe('ArtistPage', () => {
  it('shows the discography by type, oldest first, and the top songs', async () => {
    serve(() => jsonResponse(radiohead));
    renderWithProviders(<ArtistPage artistId="radiohead" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Radiohead' })).toBeVisible();
    expect(document.title).toContain('Radiohead');
    const albums = screen.getByRole('region', { name: /^Albums/ });
    const titles = within(albums)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/album/'));
    expect(titles.map((link) => link.textContent)).toEqual(['Pablo Honey', 'OK Computer']);
    // The heading names the artist; the cards do not repeat it.
    expect(within(albums).queryByRole('link', { name: 'Radiohead' })).toBeNull();
    expect(await within(albums).findByText('4.6 stars from 12 listeners')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: /^EPs/ })).getByRole('link', { name: 'My Iron Lung' }),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: /^Singles/ })).toBeNull();

    const top = screen.getByRole('region', { name: 'Top songs' });
    const song = within(top).getByRole('listitem');
    expect(song).toHaveTextContent(/^1/);
    expect(within(song).getByRole('link', { name: 'Paranoid Android' })).toHaveAttribute('href', '/album/ok-computer');
    expect(song).toHaveTextContent('★ 4.5 · 4 ratings');
  });

  it('shows a skeleton, announced once, until the artist comes', () => {
    serve(() => new Promise<Response>(() => {}));
    const { container } = renderWithProviders(<ArtistPage artistId="radiohead" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(container.querySelector('.artist-page[aria-hidden="true"]')).not.toBeNull();
  });

  it('says "Artist not found" for an unknown artist, with a way on', async () => {
    serve(() => jsonResponse({ error: { code: 'ARTIST_NOT_FOUND', message: 'Artist not found' } }, 404));
    renderWithProviders(<ArtistPage artistId="radiohead" />);
    expect(await screen.findByRole('heading', { name: 'Artist not found' })).toBeVisible();
    expect(document.title).toContain('Artist not found');
    expect(screen.getByRole('link', { name: 'Discover music' })).toHaveAttribute('href', '/music');
  });
});
