import type { ListSummary } from '@liner/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FetchCall, jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { AddToList } from './add-to-list.tsx';
import { SaveAsList } from './save-as-list.tsx';

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
const list = (id: string, title: string, kind: 'album' | 'song') => ({
  ...summary(id, title, kind),
  entries: [],
  likedByMe: false,
});

let calls: FetchCall[];
beforeEach(() => {
  calls = stubFetch(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/users/u1/lists') {
      return json({ lists: [summary('l1', 'Jazz', 'album'), summary('l2', 'Songs', 'song')], nextCursor: null });
    }
    if (method === 'POST' && path === '/api/lists/l1/entries') {
      if (calls.filter((c) => c.method === 'POST').length > 1) {
        return json({ error: { code: 'ALREADY_IN_LIST', message: 'This album is already in the list' } }, 409);
      }
      return json(list('l1', 'Jazz', 'album'), 201);
    }
    if (method === 'POST' && path === '/api/lists') {
      return json({ ...list('l9', (body as { title: string }).title, 'song'), ranked: true }, 201);
    }
    return undefined;
  });
});

describe('AddToList', () => {
  it("offers the user's album lists and says what happened, in the server's words when refused", async () => {
    renderWithProviders(<AddToList userId="u1" item={{ kind: 'album', id: 'kob', name: 'Kind of Blue' }} />, {
      user: makeUser(),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add to list' }));
    const add = await screen.findByRole('button', { name: 'Add to Jazz' });
    expect(screen.queryByRole('button', { name: 'Add to Songs' })).not.toBeInTheDocument();
    await userEvent.click(add);
    expect(await screen.findByRole('status')).toHaveTextContent('Added Kind of Blue to Jazz');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ albumId: 'kob' });
    await userEvent.click(add);
    expect(await screen.findByRole('alert')).toHaveTextContent('This album is already in the list');
  });
});

describe('SaveAsList', () => {
  it("saves the ranking as a ranked public song list titled 'My {album} Ranking' and links to it", async () => {
    renderWithProviders(<SaveAsList album={{ id: 'to', name: 'Time Out' }} trackIds={['t3', 't1', 't2']} />, {
      user: makeUser(),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save as list' }));
    expect(await screen.findByRole('link', { name: 'My Time Out Ranking' })).toHaveAttribute('href', '/lists/l9');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'My Time Out Ranking',
      kind: 'song',
      ranked: true,
      visibility: 'public',
      itemIds: ['t3', 't1', 't2'],
    });
  });
});
