import type { Post } from '@liner/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { EditPostDialog } from './edit-post-dialog.tsx';

const review: Post = {
  id: 'p1',
  userId: 'u1',
  userDisplayName: 'ana',
  type: 'review',
  title: 'Review of Kind of Blue',
  content: 'Cool.',
  album: { id: 'kob', name: 'Kind of Blue', artistName: 'Miles Davis', imageUrl: '/c.svg' },
  rating: 4.5,
  likesCount: 0,
  commentsCount: 0,
  likedByMe: false,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  visibility: 'followers',
  remoteUrl: null,
  boostsCount: 0,
};

describe('EditPostDialog', () => {
  it("starts 'Who can see this' at the post's own audience and sends a changed one", async () => {
    const calls = stubFetch((call) => {
      if (call.method === 'PATCH' && call.path === '/api/posts/p1') {
        return jsonResponse({ ...review, ...(call.body as object) });
      }
      return undefined;
    });
    renderWithProviders(<EditPostDialog post={review} onClose={() => {}} />, { user: makeUser() });
    const picker = screen.getByRole('combobox', { name: 'Who can see this' });
    expect(picker).toHaveDisplayValue('Followers only');
    await userEvent.selectOptions(picker, 'Public');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ content: 'Cool.', visibility: 'public' });
  });

  it('sends no audience when it was left as it was', async () => {
    const calls = stubFetch((call) => (call.method === 'PATCH' ? jsonResponse(review) : undefined));
    renderWithProviders(<EditPostDialog post={review} onClose={() => {}} />, { user: makeUser() });
    await userEvent.type(screen.getByRole('textbox', { name: 'Review' }), ' Very.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ content: 'Cool. Very.' });
  });
});
