import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { HeaderSearch } from './header-search.tsx';

function WithLocation() {
  const location = useLocation();
  return (
    <>
      <HeaderSearch />
      <output data-testid="location">{location.pathname + location.search}</output>
    </>
  );
}

const users = [{ id: 'u1', displayName: 'Jazzbo', profilePicture: null, bio: '', matchType: 'displayName' }];
const albums = [
  { id: 'a1', name: 'Kind of Blue', artistName: 'Miles Davis', imageUrl: '/c.svg', releaseDate: null, genre: null },
];
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  stubFetch(({ url, path }) => {
    calls.push(url);
    const none = url.includes('q=zz');
    if (path === '/api/users/search') return jsonResponse({ users: none ? [] : users });
    if (path === '/api/music/search') return jsonResponse({ albums: none ? [] : albums, total: 1 });
    return undefined;
  });
});

describe('HeaderSearch', () => {
  it('submits to /search?q= and ignores a blank term', async () => {
    renderWithProviders(<WithLocation />, { path: '/music' });
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(box, '   {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/music');
    await userEvent.clear(box);
    await userEvent.type(box, 'kind of blue{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=kind%20of%20blue');
  });

  it('waits for 2 characters and a 300 ms pause, then shows Users and Music', async () => {
    renderWithProviders(<WithLocation />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(box, 'j');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(calls).toHaveLength(0);
    await userEvent.type(box, 'a');
    expect(await screen.findByRole('region', { name: 'Users' })).toHaveTextContent('Jazzbo');
    expect(screen.getByRole('region', { name: 'Music' })).toHaveTextContent('Kind of Blue');
    expect(calls.some((c) => c.includes('limit=3'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Show all results for "ja"' })).toHaveAttribute('href', '/search?q=ja');
  });

  it('says so when nothing matches', async () => {
    renderWithProviders(<WithLocation />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByText('Try a different search term')).toBeInTheDocument();
  });

  it('goes to the profile of a chosen user and closes', async () => {
    renderWithProviders(<WithLocation />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'jaz');
    await userEvent.click(await screen.findByRole('link', { name: /Jazzbo/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/Jazzbo');
    expect(screen.queryByRole('region', { name: 'Users' })).toBeNull();
  });
});
