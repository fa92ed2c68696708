import type { MyProfile } from '@liner/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../testing/fetch-double.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { ProfileSetupPage } from './profile-setup-page.tsx';

const signUp: MyProfile = {
  userId: 'u1',
  displayName: 'ana',
  bio: '',
  pictureUrl: null,
  setupComplete: false,
  followerCount: 0,
  followingCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  email: 'ana@example.com',
  role: 'user',
  locked: false,
  defaultAudience: 'public',
};

describe('profile setup', () => {
  it('shows the Display Name only once the sign-up data is in, so what the person types is not doubled', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch(({ method, path }) =>
      method === 'GET' && path === '/api/users/me/profile'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    renderWithProviders(<ProfileSetupPage />, { user: makeUser(), path: '/profile-setup' });

    // No empty field to start typing into while the sign-up data is on its way.
    expect(await screen.findByText('Loading...')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Display Name' })).not.toBeInTheDocument();

    answer(json(signUp));
    const name = await screen.findByRole('textbox', { name: 'Display Name' });
    expect(name).toHaveValue('ana');
    // What is typed now goes after the sign-up name, and nothing arrives later to write over it.
    await userEvent.type(name, ' b');
    expect(name).toHaveValue('ana b');
  });
});
