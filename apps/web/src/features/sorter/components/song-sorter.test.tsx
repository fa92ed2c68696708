import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render.tsx';
import { SongSorter } from './song-sorter.tsx';

const album = { name: 'Time Out', artists: ['The Dave Brubeck Quartet', 'Paul Desmond'], coverUrl: '/cover.svg' };
const songs = ['Blue Rondo à la Turk', 'Strange Meadow Lark', 'Take Five', 'Three to Get Ready'];

afterEach(() => vi.restoreAllMocks());

const step = () => screen.getByRole('region', { name: 'Choose your favorite' });

describe('SongSorter', () => {
  it('starts on request, asks with progress, undoes, and ends with the numbered ranking', async () => {
    renderWithProviders(<SongSorter album={album} songs={songs} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start Sorting' }));
    expect(within(step()).getByText('Question 1 of about 5')).toBeInTheDocument();
    expect(within(step()).getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(within(step()).getByRole('button', { name: 'Strange Meadow Lark' })).toBeInTheDocument();
    expect(within(step()).getByRole('button', { name: 'Blue Rondo à la Turk' })).toBeInTheDocument();

    await userEvent.click(within(step()).getByRole('button', { name: 'Blue Rondo à la Turk' }));
    expect(within(step()).getByText(/^Question 2 of about/)).toBeInTheDocument();
    await userEvent.click(within(step()).getByRole('button', { name: 'Undo' }));
    expect(within(step()).getByText('Question 1 of about 5')).toBeInTheDocument();

    // Always the song being placed: the album comes out in reverse.
    while (screen.queryByRole('region', { name: 'Choose your favorite' })) {
      await userEvent.click(within(step()).getAllByRole('button')[0] as HTMLElement);
    }
    expect(screen.getByRole('heading', { name: 'MY Time Out Ranking' })).toBeInTheDocument();
    expect(screen.getByText('The Dave Brubeck Quartet, Paul Desmond')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Time Out cover' })).toHaveAttribute('src', '/cover.svg');
    const items = within(screen.getByRole('list', { name: 'Your ranking' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([...songs].reverse());
    expect(screen.getByRole('button', { name: 'Download Image' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sort Again' })).toBeInTheDocument();
  });

  it("is titled 'MY Song Ranking' without an album", async () => {
    renderWithProviders(<SongSorter album={{ name: null, artists: [], coverUrl: null }} songs={['Only one']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start Sorting' }));
    expect(screen.getByRole('heading', { name: 'MY Song Ranking' })).toBeInTheDocument();
  });

  it('shares a post intent that invites others to the sorter, in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithProviders(<SongSorter album={album} songs={['Take Five']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start Sorting' }));
    await userEvent.click(screen.getByRole('button', { name: 'Share on Twitter' }));
    const [url, target] = open.mock.calls[0] ?? [];
    const intent = new URL(String(url));
    expect(`${intent.origin}${intent.pathname}`).toBe('https://twitter.com/intent/tweet');
    expect(intent.searchParams.get('url')).toBe(`${window.location.origin}/sorter`);
    expect(intent.searchParams.get('text')).toMatch(/Time Out.*Take Five.*Try the song sorter/);
    expect(target).toBe('_blank');
  });

  it('cannot start without songs', () => {
    renderWithProviders(<SongSorter album={album} songs={[]} />);
    expect(screen.getByRole('button', { name: 'Start Sorting' })).toBeDisabled();
    expect(screen.getByText('This album has no tracks to sort.')).toBeInTheDocument();
  });
});
