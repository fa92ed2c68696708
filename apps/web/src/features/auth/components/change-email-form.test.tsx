import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubAuthServer } from '../../../testing/auth-server.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { ChangeEmailForm } from './change-email-form.tsx';

afterEach(() => vi.unstubAllGlobals());

async function requestChange(newEmail: string, password: string) {
  await userEvent.type(screen.getByLabelText('New e-mail'), newEmail);
  await userEvent.type(screen.getByLabelText('Current password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Change e-mail' }));
}

describe('ChangeEmailForm', () => {
  it('sends the new address with the current password; the change waits for the link', async () => {
    const calls = stubAuthServer({ '/change-email': [{ status: 200, body: { status: true } }] });
    renderWithProviders(<ChangeEmailForm currentEmail="ana@example.com" />);
    await requestChange(' new@example.com ', 'vinyl-forever');
    expect(await screen.findByText(/We sent a confirmation link/)).toHaveTextContent(
      'We sent a confirmation link to new@example.com. Your e-mail address changes when you click it.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('We sent a confirmation link to new@example.com.');
    expect(calls).toEqual([
      {
        path: '/change-email',
        body: { newEmail: 'new@example.com', password: 'vinyl-forever', callbackURL: '/email-verified' },
      },
    ]);
    expect(screen.getByText('Currently ana@example.com')).toBeInTheDocument();
    expect(screen.queryByText(/has been changed/)).toBeNull();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  for (const [status, code, message] of [
    [403, 'INVALID_PASSWORD', 'Incorrect password'],
    [409, 'EMAIL_TAKEN', 'An account with that e-mail address already exists.'],
    [400, undefined, 'Email is the same'],
    [400, 'PASSWORD_REQUIRED', 'Enter your current password to change your e-mail address'],
  ] as const) {
    it(`shows the server's words for a ${status}: ${message}`, async () => {
      stubAuthServer({ '/change-email': [{ status, body: { code, message } }] });
      renderWithProviders(<ChangeEmailForm currentEmail="ana@example.com" />);
      await requestChange('other@example.com', 'not-my-password');
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByText(/We sent a confirmation link/)).toBeNull();
    });
  }

  it('a rate limit says to try later', async () => {
    stubAuthServer({
      '/change-email': [{ status: 429, body: { message: 'Too many requests. Please try again later.' } }],
    });
    renderWithProviders(<ChangeEmailForm currentEmail="ana@example.com" />);
    await requestChange('other@example.com', 'vinyl-forever');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please try again later.');
  });
});
