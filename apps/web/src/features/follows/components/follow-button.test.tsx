import type { FollowState } from '@liner/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { FollowButton } from './follow-button.tsx';

describe('the follow button on a private profile', () => {
  it("asks with 'Request to follow', shows 'Requested' without moving the count, and withdraws", async () => {
    let state: FollowState = { following: false, requested: false, followerCount: 4, followingCount: 0 };
    const calls = stubFetch(({ method, path }) => {
      if (path !== '/api/users/u2/follow') return undefined;
      if (method === 'POST') state = { ...state, requested: true };
      if (method === 'DELETE') state = { ...state, requested: false };
      return json(state);
    });
    const user = userEvent.setup();
    renderWithProviders(<FollowButton userId="u2" locked />, { user: makeUser() });
    await user.click(await screen.findByRole('button', { name: 'Request to follow' }));
    const requested = await screen.findByRole('button', { name: 'Requested' });
    expect(requested).toHaveAttribute('aria-pressed', 'true');
    expect(state.followerCount).toBe(4);
    await user.click(requested);
    expect(await screen.findByRole('button', { name: 'Request to follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.method)).toEqual(['POST', 'DELETE']);
  });

  it("reads 'Follow' on a public profile", async () => {
    stubFetch(({ path }) =>
      path === '/api/users/u2/follow'
        ? json({ following: false, requested: false, followerCount: 0, followingCount: 0 })
        : undefined,
    );
    renderWithProviders(<FollowButton userId="u2" />, { user: makeUser() });
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });
});
