import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubAuthServer } from '../../../testing/auth-server.ts';
import { makeUser, renderWithProviders } from '../../../testing/render.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

afterEach(() => vi.unstubAllGlobals());

const unverified = makeUser({ email: 'ana@example.com', emailVerified: false });
const banner = () => screen.getByRole('region', { name: 'E-mail verification' });

describe('VerifyEmailBanner', () => {
  it('asks an unverified user to verify, naming the address the link went to', () => {
    renderWithProviders(<VerifyEmailBanner user={unverified} />, { user: unverified });
    expect(banner()).toHaveTextContent('Please verify your e-mail address. We sent a link to ana@example.com.');
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeEnabled();
  });

  it('is not there once the address is verified', () => {
    const verified = makeUser({ emailVerified: true });
    renderWithProviders(<VerifyEmailBanner user={verified} />, { user: verified });
    expect(screen.queryByRole('region', { name: 'E-mail verification' })).toBeNull();
  });

  it("'Resend link' asks for a link back to /email-verified and confirms it was sent", async () => {
    const calls = stubAuthServer({ '/send-verification-email': [{ status: 200, body: { status: true } }] });
    renderWithProviders(<VerifyEmailBanner user={unverified} />, { user: unverified });
    await userEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Verification link sent. Check your inbox.');
    expect(calls).toEqual([
      { path: '/send-verification-email', body: { email: 'ana@example.com', callbackURL: '/email-verified' } },
    ]);
  });

  it('says so when the server limits the requests (429)', async () => {
    stubAuthServer({
      '/send-verification-email': [{ status: 429, body: { message: 'Too many requests. Please try again later.' } }],
    });
    renderWithProviders(<VerifyEmailBanner user={unverified} />, { user: unverified });
    await userEvent.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
