import type { FeedEntry } from '@liner/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { FeedEntryItem } from './feed-entry.tsx';
import { YourFeed } from './home-feed.tsx';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const actor = { userId: 'u-ana', displayName: 'ana', pictureUrl: null };
const base = { id: 'a1', actor, createdAt: '2026-11-20T10:00:00.000Z' };
const okComputer = {
  id: 'radiohead-ok-computer',
  title: 'OK Computer',
  artist: 'Radiohead',
  cover: '/api/music/covers/radiohead-ok-computer.svg?v=2',
  rating: 4.5,
};

function show(entry: FeedEntry) {
  renderWithProviders(
    <ul>
      <FeedEntryItem entry={entry} now={NOW} />
    </ul>,
  );
  return screen.getByRole('listitem');
}

const hrefOf = (item: HTMLElement, name: string | RegExp) =>
  within(item).getByRole('link', { name }).getAttribute('href');

describe('FeedEntryItem', () => {
  it('says "ana rated OK Computer ★ 4.5", links the person and the album, and says when', () => {
    const item = show({ ...base, action: 'rated_album', album: okComputer });
    expect(item.querySelector('.feed-entry__text')).toHaveTextContent(/^ana rated OK Computer ★ 4\.5/);
    expect(within(item).getByText('4.5 stars')).toHaveClass('visually-hidden');
    expect(hrefOf(item, 'ana')).toBe('/profile/ana');
    expect(hrefOf(item, 'OK Computer')).toBe('/album/radiohead-ok-computer');
    expect(item).toHaveTextContent('Radiohead · 2 hours ago');
    expect(within(item).getByText('2 hours ago')).toHaveAttribute('datetime', base.createdAt);
  });

  it('links a review to its album and to the review’s own page', () => {
    const item = show({
      ...base,
      action: 'new_review',
      post: { id: 'p1', title: 'OK Computer' },
      album: { ...okComputer, rating: 4 },
    });
    expect(item.querySelector('.feed-entry__text')).toHaveTextContent(/^ana reviewed OK Computer ★ 4\.0/);
    expect(hrefOf(item, 'OK Computer')).toBe('/album/radiohead-ok-computer');
    expect(hrefOf(item, 'Read the review by ana')).toBe('/post/p1');
  });

  it('says "ana created the list …" linking to the list, and "ana followed bo" linking to bo', () => {
    const list = show({ ...base, action: 'created_list', list: { id: 'l1', title: 'Rainy days' } });
    expect(list.querySelector('.feed-entry__text')).toHaveTextContent('ana created the list Rainy days');
    expect(hrefOf(list, 'Rainy days')).toBe('/lists/l1');
    list.parentElement?.parentElement?.remove();

    const follow = show({
      ...base,
      id: 'a2',
      action: 'followed_user',
      user: { userId: 'u-bo', displayName: 'bo', pictureUrl: null },
    });
    expect(follow.querySelector('.feed-entry__text')).toHaveTextContent('ana followed bo');
    expect(hrefOf(follow, 'bo')).toBe('/profile/bo');
    // No album: no cover and no artist line.
    expect(follow.querySelector('.feed-entry__cover')).toBeNull();
  });

  it('names a note and links it to its own page', () => {
    const item = show({ ...base, action: 'new_note', post: { id: 'p2', title: 'On side B' } });
    expect(item.querySelector('.feed-entry__text')).toHaveTextContent('ana wrote a note, On side B');
    expect(hrefOf(item, 'On side B')).toBe('/post/p2');
  });
});

describe('YourFeed', () => {
  it('pages with "Load more", passing the cursor', async () => {
    const calls = stubFetch((call) => {
      if (call.url === '/api/feed') {
        return jsonResponse({ entries: [{ ...base, action: 'rated_album', album: okComputer }], nextCursor: 'c1' });
      }
      if (call.url === '/api/feed?cursor=c1') {
        return jsonResponse({
          entries: [{ ...base, id: 'a2', action: 'new_note', post: { id: 'p2', title: 'Side B' } }],
          nextCursor: null,
        });
      }
      return undefined;
    });
    renderWithProviders(<YourFeed userId="u1" />, { user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Your feed' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Your feed' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Side B')).toBeVisible();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/api/feed', '/api/feed?cursor=c1']);
  });

  it('suggests following people when the feed is empty, and shows everyone’s recent activity', async () => {
    stubFetch((call) => {
      if (call.url === '/api/feed') return jsonResponse({ entries: [], nextCursor: null });
      if (call.url === '/api/activity/recent') {
        return jsonResponse({ entries: [{ ...base, action: 'rated_album', album: okComputer }], nextCursor: null });
      }
      return undefined;
    });
    renderWithProviders(<YourFeed userId="u1" />, { user: makeUser() });
    expect(await screen.findByText(/Nothing in your feed yet. Follow people/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'search' })).toHaveAttribute('href', '/search?q=');
    const recent = await screen.findByRole('list', { name: 'Recent activity' });
    expect(within(recent).getByRole('link', { name: 'OK Computer' })).toBeVisible();
  });

  it('says so when the feed fails to load', async () => {
    stubFetch((call) =>
      call.url === '/api/feed'
        ? jsonResponse({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500)
        : undefined,
    );
    renderWithProviders(<YourFeed userId="u1" />, { user: makeUser() });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toBeVisible();
  });
});
