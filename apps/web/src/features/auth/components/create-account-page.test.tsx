import { INVITE_INVALID, REGISTRATION_CLOSED, type RegistrationMode } from '@liner/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { CreateAccountPage, inviteGoogleNote } from './create-account-page.tsx';

type Reply = { status: number; body: unknown };

/** /api/registration in `mode`, /api/config (Google on), and Better Auth's e-mail sign-up answering `reply`. */
function stubSignUp(mode: RegistrationMode, reply: Reply) {
  const bodies: unknown[] = [];
  stubFetch(({ path, body }) => {
    if (path === '/api/registration') return jsonResponse({ mode });
    if (path === '/api/config') return jsonResponse({ googleSignIn: true, chartMinListeners: 3, federation: false });
    if (path !== '/api/auth/sign-up/email') return undefined;
    bodies.push(body);
    return jsonResponse(reply.body, reply.status);
  });
  return bodies;
}

async function fillIn() {
  await userEvent.type(await screen.findByLabelText('Username'), 'bea');
  await userEvent.type(screen.getByLabelText('Email'), 'bea@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'vinyl-forever');
  await userEvent.type(screen.getByLabelText('Confirm Password'), 'vinyl-forever');
}

describe('CreateAccountPage', () => {
  it('when closed, says so and offers only the way to log in', async () => {
    stubSignUp('closed', { status: 500, body: {} });
    renderWithProviders(<CreateAccountPage />, { path: '/create-account' });
    expect(await screen.findByText(REGISTRATION_CLOSED)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('by invitation, takes the code from the link, sends it, and hides Google with a note', async () => {
    const bodies = stubSignUp('invite', {
      status: 403,
      body: { code: 'INVITE_INVALID', message: INVITE_INVALID },
    });
    renderWithProviders(<CreateAccountPage />, { path: '/create-account?invite=abc123' });
    const code = await screen.findByLabelText('Invitation code');
    expect(code).toHaveValue('abc123');
    expect(code).toBeRequired();
    expect(await screen.findByText(inviteGoogleNote())).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign up with Google' })).toBeNull();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITE_INVALID);
    expect(bodies).toEqual([
      { name: 'bea', email: 'bea@example.com', password: 'vinyl-forever', inviteCode: 'abc123' },
    ]);
  });

  it('when open, is the form as before, with Google and without a code', async () => {
    const bodies = stubSignUp('open', {
      status: 403,
      body: { code: 'REGISTRATION_CLOSED', message: REGISTRATION_CLOSED },
    });
    renderWithProviders(<CreateAccountPage />, { path: '/create-account?invite=ignored' });
    expect(await screen.findByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Invitation code')).toBeNull();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    // Closed since the page loaded: the server's words, and the page reads the mode again.
    expect(await screen.findByText(REGISTRATION_CLOSED)).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'bea', email: 'bea@example.com', password: 'vinyl-forever' }]);
  });
});
