import { act, screen, waitFor } from '@testing-library/react';
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
  {
    id: 'a1',
    name: 'Kind of Blue',
    artistName: 'Miles Davis',
    artistId: 'miles-davis',
    imageUrl: '/c.svg',
    releaseDate: null,
    genre: null,
    listeners: { count: 0, average: null },
  },
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

const box = () => screen.getByRole('combobox', { name: 'Search' });

/** Focuses the box and waits for the combobox's code to take over from the stand-in. */
async function focusSearch() {
  await userEvent.click(box());
  await waitFor(() => expect(box()).toHaveAttribute('aria-haspopup', 'listbox'));
  await waitFor(() => expect(box()).toHaveFocus());
  return box();
}

describe('HeaderSearch', () => {
  it('is a combobox before its code arrives, and the real one takes over the focus', async () => {
    renderWithProviders(<WithLocation />);
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-controls');
    await focusSearch();
    // Closed: aria-controls points at nothing, so it is absent (axe: aria-valid-attr-value).
    expect(box()).not.toHaveAttribute('aria-controls');
  });

  it('submits to /search?q= and ignores a blank term', async () => {
    renderWithProviders(<WithLocation />, { path: '/music' });
    await focusSearch();
    await userEvent.keyboard('   {Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/music');
    await userEvent.clear(box());
    await userEvent.type(box(), 'kind of blue{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=kind%20of%20blue');
  });

  it('waits for 2 characters and a 300 ms pause, then shows Users and Music', async () => {
    renderWithProviders(<WithLocation />);
    await focusSearch();
    await userEvent.keyboard('j');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(calls).toHaveLength(0);
    await userEvent.keyboard('a');
    expect(await screen.findByRole('group', { name: 'Users' })).toHaveTextContent('Jazzbo');
    expect(screen.getByRole('group', { name: 'Music' })).toHaveTextContent('Kind of Blue');
    expect(calls.some((c) => c.includes('limit=3'))).toBe(true);
    expect(screen.getByRole('option', { name: 'Show all results for "ja"' })).toBeInTheDocument();
    const listbox = screen.getByRole('listbox');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', listbox.id);
  });

  it('says so when nothing matches', async () => {
    renderWithProviders(<WithLocation />);
    await focusSearch();
    await userEvent.keyboard('zzz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByText('Try a different search term')).toBeInTheDocument();
  });

  it('goes to the profile of a chosen user and closes', async () => {
    renderWithProviders(<WithLocation />);
    await focusSearch();
    await userEvent.keyboard('jaz');
    await userEvent.click(await screen.findByRole('option', { name: /Jazzbo/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/Jazzbo');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves the active option with the arrow keys, opens it with Enter, and closes on Escape', async () => {
    renderWithProviders(<WithLocation />);
    await focusSearch();
    await userEvent.keyboard('blue');
    await screen.findByRole('option', { name: /Kind of Blue/ });
    await userEvent.keyboard('{ArrowDown}');
    const active = () => document.getElementById(box().getAttribute('aria-activedescendant') ?? '');
    expect(active()).toHaveTextContent('Jazzbo');
    await userEvent.keyboard('{ArrowDown}');
    expect(active()).toHaveTextContent('Kind of Blue');
    await userEvent.keyboard('{ArrowUp}');
    expect(active()).toHaveTextContent('Jazzbo');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box()).toHaveFocus();
    expect(box()).toHaveValue('blue');
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(active()).toHaveTextContent('Kind of Blue'));
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/album/a1');
  });
});
