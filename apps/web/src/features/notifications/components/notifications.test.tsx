import type { Notification } from '@liner/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { NotificationsPage } from './notifications-page.tsx';

const bo = { userId: 'u2', displayName: 'bo', pictureUrl: null };
const notification = (overrides: Partial<Notification>): Notification => ({
  id: 'n1',
  kind: 'followed',
  actor: bo,
  subject: null,
  excerpt: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  read: false,
  ...overrides,
});

describe('notifications', () => {
  it('names the unread count in the bell, and says nothing when there is none', async () => {
    let unread = 3;
    stubFetch((call) =>
      call.path === '/api/notifications/unread-count' ? jsonResponse({ unreadCount: unread }) : undefined,
    );
    const { unmount } = renderWithProviders(<NotificationBell />, { user: makeUser() });
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    unmount();
    unread = 0;
    renderWithProviders(<NotificationBell />, { user: makeUser() });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications' })).toBeVisible());
  });

  it('says who did what with links (a post’s to its own page), and marks read up to the newest shown', async () => {
    const calls = stubFetch((call) => {
      if (call.path === '/api/notifications' && call.method === 'GET') {
        return jsonResponse({
          notifications: [
            notification({
              id: 'n3',
              kind: 'commented',
              subject: { type: 'post', id: 'p1', title: 'Late night', ownerDisplayName: 'ana' },
              excerpt: 'So true',
              createdAt: '2026-11-26T12:00:00.000Z',
            }),
            notification({
              id: 'n2',
              kind: 'liked',
              subject: { type: 'list', id: 'l1', title: 'Best of 1997', ownerDisplayName: 'ana' },
              createdAt: '2026-11-26T11:00:00.000Z',
            }),
            notification({ id: 'n1', read: true }),
          ],
          unreadCount: 2,
          nextCursor: null,
        });
      }
      if (call.path === '/api/notifications/read') return new Response(null, { status: 204 });
      if (call.path === '/api/notifications/unread-count') return jsonResponse({ unreadCount: 0 });
      return undefined;
    });
    renderWithProviders(<NotificationsPage userId="u1" />, { user: makeUser({ id: 'u1' }) });
    expect(await screen.findByRole('link', { name: 'commented on your post “Late night”' })).toHaveAttribute(
      'href',
      '/post/p1',
    );
    expect(screen.getByText('So true')).toBeVisible();
    expect(screen.getByRole('link', { name: 'liked your list “Best of 1997”' })).toHaveAttribute('href', '/lists/l1');
    expect(screen.getByRole('link', { name: 'followed you' })).toHaveAttribute('href', '/profile/bo');
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/notifications/read')?.body).toEqual({
        upTo: '2026-11-26T12:00:00.000Z',
      }),
    );
  });
});
