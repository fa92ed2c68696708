import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubAuthServer } from '../../../testing/auth-server.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { EmailVerified } from './email-verified.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('/email-verified', () => {
  it('re-reads the session and says the address is verified, with a way home', async () => {
    const refetch = vi.fn(async () => {});
    renderWithProviders(<EmailVerified />, {
      path: '/email-verified',
      user: makeUser({ emailVerified: true }),
      refetch,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address is verified.');
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Resend link' })).toBeNull();
  });

  it('a visitor signed in by the link (or not signed in at all) sees the success too', async () => {
    renderWithProviders(<EmailVerified />, { path: '/email-verified' });
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address is verified.');
  });

  for (const error of ['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND', 'INVALID_USER']) {
    it(`a bad link (${error}) says so and offers a new one to a signed-in user`, async () => {
      const calls = stubAuthServer({ '/send-verification-email': [{ status: 200, body: { status: true } }] });
      renderWithProviders(<EmailVerified />, {
        path: `/email-verified?error=${error}`,
        user: makeUser({ email: 'ana@example.com', emailVerified: false }),
      });
      expect(await screen.findByRole('alert')).toHaveTextContent('This verification link is invalid or has expired.');
      expect(screen.queryByText('Your e-mail address is verified.')).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Resend link' }));
      expect(await screen.findByText('Verification link sent. Check your inbox.')).toBeInTheDocument();
      expect(calls).toHaveLength(1);
    });
  }

  it('a bad link for a visitor offers no resend (there is no address to send to)', async () => {
    renderWithProviders(<EmailVerified />, { path: '/email-verified?error=INVALID_TOKEN' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link is invalid or has expired.');
    expect(screen.queryByRole('button', { name: 'Resend link' })).toBeNull();
  });

  it('opened by hand while still unverified, it does not claim success', async () => {
    renderWithProviders(<EmailVerified />, {
      path: '/email-verified',
      user: makeUser({ emailVerified: false }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link is invalid or has expired.');
  });
});
