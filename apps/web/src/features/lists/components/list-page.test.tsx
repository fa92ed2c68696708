import type { List, ListEntry } from '@liner/shared';
import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FetchCall, jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { ListPage } from './list-page.tsx';
import { moveItem } from './reorder.ts';

const entry = (itemId: string, position: number, note = ''): ListEntry => ({
  itemId,
  position,
  note,
  album: { id: `album-${itemId}`, name: `Album ${itemId}`, artistName: 'Artist', imageUrl: '/c.svg' },
  song: { id: itemId, title: `Song ${itemId}` },
});

let list: List;
let calls: FetchCall[];
let refuseOrder: boolean;

beforeEach(() => {
  refuseOrder = false;
  list = {
    id: 'l1',
    userId: 'u1',
    userDisplayName: 'ana',
    title: 'My Kid A Ranking',
    description: '',
    kind: 'song',
    ranked: true,
    visibility: 'public',
    entriesCount: 3,
    likesCount: 0,
    commentsCount: 0,
    covers: ['/c.svg'],
    likedByMe: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    entries: [entry('a', 1), entry('b', 2, 'the peak'), entry('c', 3)],
  };
  calls = stubFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/lists/l1') return json(list);
    if (method === 'GET' && path === '/api/lists/l1/comments') {
      return json({ comments: [], commentsCount: 0, nextCursor: null });
    }
    if (method === 'POST' && path === '/api/lists/l1/like') {
      list = { ...list, likesCount: list.likesCount + 1, likedByMe: true };
      return json({ liked: true, likesCount: list.likesCount });
    }
    if (method === 'PUT' && path === '/api/lists/l1/order') {
      if (refuseOrder) {
        return json(
          { error: { code: 'BAD_REQUEST', message: 'The new order must name every entry of the list exactly once' } },
          400,
        );
      }
      const ids = (body as { itemIds: string[] }).itemIds;
      const byId = new Map(list.entries.map((e) => [e.itemId, e]));
      list = { ...list, entries: ids.map((id, i) => ({ ...(byId.get(id) as ListEntry), position: i + 1 })) };
      return json(list);
    }
    return undefined;
  });
});

const titles = () =>
  within(screen.getByRole('list', { name: 'Entries' }))
    .getAllByRole('link')
    .map((link) => link.textContent);
const orders = () => calls.filter((c) => c.method === 'PUT').map((c) => (c.body as { itemIds: string[] }).itemIds);

describe('moveItem', () => {
  it('moves one item and keeps the rest in order, clamped to the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('ListPage reorder', () => {
  it('moves an entry with the keyboard, sends the whole order, announces it and keeps focus', async () => {
    renderWithProviders(<ListPage listId="l1" />, { user: makeUser({ id: 'u1' }) });
    expect(await screen.findByRole('heading', { name: 'My Kid A Ranking' })).toBeInTheDocument();
    expect(titles()).toEqual(['Song a', 'Song b', 'Song c']);
    expect(screen.getByRole('button', { name: 'Move Song a up' })).toBeDisabled();

    screen.getByRole('button', { name: 'Move Song a down' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Song b', 'Song a', 'Song c']));
    expect(orders()).toEqual([['b', 'a', 'c']]);
    expect(screen.getByText('Song a moved to position 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Song a down' })).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Song b', 'Song c', 'Song a']));
    // At the bottom its Move down is disabled: focus goes to its Move up.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Song a up' })).toHaveFocus());
    expect(orders()).toEqual([
      ['b', 'a', 'c'],
      ['b', 'c', 'a'],
    ]);
  });

  it('moves an entry by dragging it onto another', async () => {
    renderWithProviders(<ListPage listId="l1" />, { user: makeUser({ id: 'u1' }) });
    await screen.findByRole('heading', { name: 'My Kid A Ranking' });
    const rows = within(screen.getByRole('list', { name: 'Entries' })).getAllByRole('listitem');
    const [first, , last] = rows as [HTMLElement, HTMLElement, HTMLElement];
    const dataTransfer = { setData: () => {}, effectAllowed: '' };
    fireEvent(first, Object.assign(createEvent.dragStart(first), { dataTransfer }));
    fireEvent.dragOver(last);
    fireEvent.drop(last);
    await waitFor(() => expect(titles()).toEqual(['Song b', 'Song c', 'Song a']));
    expect(orders()).toEqual([['b', 'c', 'a']]);
  });

  it('rolls the order back and says why when the server refuses it', async () => {
    refuseOrder = true;
    renderWithProviders(<ListPage listId="l1" />, { user: makeUser({ id: 'u1' }) });
    await screen.findByRole('heading', { name: 'My Kid A Ranking' });
    await userEvent.click(screen.getByRole('button', { name: 'Move Song c up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The new order must name every entry of the list exactly once',
    );
    expect(titles()).toEqual(['Song a', 'Song b', 'Song c']);
  });

  it('shows numbers and notes to everyone, and no owner controls to others', async () => {
    renderWithProviders(<ListPage listId="l1" />, { user: makeUser({ id: 'someone-else' }) });
    await screen.findByRole('heading', { name: 'My Kid A Ranking' });
    expect(screen.getByText('the peak')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Entries' }).tagName).toBe('OL');
    expect(screen.queryByRole('button', { name: /Move/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});

describe('ListPage likes and comments', () => {
  it('lets someone else like the list and shows its comment thread', async () => {
    renderWithProviders(<ListPage listId="l1" />, { user: makeUser({ id: 'u2', name: 'bo' }) });
    const heart = await screen.findByRole('button', { name: 'Like My Kid A Ranking: 0 likes' });
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAccessibleName('Like My Kid A Ranking: 1 like'));
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'Comments', level: 2 })).toBeVisible();
    expect(await screen.findByText('No comments yet.')).toBeVisible();
    expect(screen.getByLabelText('Add a comment')).toBeVisible();
  });
});
