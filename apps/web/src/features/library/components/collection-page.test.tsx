import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FetchCall, jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { CollectionPage } from './collection-page.tsx';

const entry = (id: string, name: string) => ({
  id,
  name,
  artistName: 'Miles Davis',
  artistId: 'miles-davis',
  imageUrl: '/c.svg',
  releaseDate: '1959-08-17',
  listeners: { count: 0, average: null },
  rating: 4.5,
  dateAdded: '2026-11-20T00:00:00.000Z',
  type: 'album' as const,
  reviewPostId: null,
});

describe('CollectionPage', () => {
  it("names each row's album in its Remove button, and removes that album", async () => {
    const calls: FetchCall[] = [];
    let list = [entry('kob', 'Kind of Blue'), entry('bb', 'Bitches Brew')];
    stubFetch((call) => {
      calls.push(call);
      if (call.method === 'GET' && call.path === '/api/users/me/collection') return jsonResponse(list);
      if (call.method === 'DELETE' && call.path === '/api/users/me/collection/bb') {
        list = list.filter((e) => e.id !== 'bb');
        return jsonResponse(undefined, 204);
      }
      return undefined;
    });
    renderWithProviders(<CollectionPage />, { user: makeUser() });
    expect(await screen.findByRole('button', { name: 'Remove Kind of Blue' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Bitches Brew' }));
    expect(await screen.findByRole('button', { name: 'Remove Kind of Blue' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove Bitches Brew' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/users/me/collection/bb')).toBe(true);
    expect(screen.getByRole('slider', { name: 'Your rating of Kind of Blue' })).toBeVisible();
  });
});
