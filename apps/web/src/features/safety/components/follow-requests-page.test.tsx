import type { Person } from '@liner/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { FollowRequestsPage } from './follow-requests-page.tsx';

describe('the follow requests page', () => {
  it('approves one request and declines another, and the list follows', async () => {
    let waiting: Person[] = [
      { userId: 'u2', displayName: 'bo', pictureUrl: null },
      { userId: 'u3', displayName: 'cy', pictureUrl: null },
    ];
    const calls = stubFetch(({ method, path }) => {
      if (path === '/api/users/me/follow-requests') return json({ people: waiting, nextCursor: null });
      if (path === '/api/users/me/profile') {
        return json({
          userId: 'u1',
          displayName: 'ana',
          bio: '',
          pictureUrl: null,
          setupComplete: true,
          followerCount: 0,
          followingCount: 0,
          createdAt: '2026-01-01T00:00:00.000Z',
          email: 'ana@example.com',
          role: 'user',
          locked: true,
          defaultAudience: 'followers',
        });
      }
      const answer = path.match(/^\/api\/users\/me\/follow-requests\/(u\d)\/(approve|decline)$/);
      if (answer && method === 'POST') {
        waiting = waiting.filter((p) => p.userId !== answer[1]);
        return json({ userId: answer[1], outcome: answer[2] === 'approve' ? 'approved' : 'declined' });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<FollowRequestsPage />, { user: makeUser(), path: '/follow-requests' });
    expect(await screen.findByRole('heading', { name: 'Follow requests', level: 1 })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Approve bo' }));
    expect(await screen.findByRole('button', { name: 'Decline cy' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Follow requests' });
    await user.click(screen.getByRole('button', { name: 'Decline cy' }));
    expect(await screen.findByText('No one is waiting for your approval.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/users/me/follow-requests/u2/approve',
      '/api/users/me/follow-requests/u3/decline',
    ]);
  });
});
