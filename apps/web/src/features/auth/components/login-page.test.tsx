import { ACCOUNT_SUSPENDED, INVITE_REQUIRED_FOR_GOOGLE } from '@liner/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-double.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { googleError } from '../auth-errors.ts';
import { LoginPage } from './login-page.tsx';

type Reply = { status: number; body: unknown };

/** /api/config (no Google) and Better Auth's e-mail sign-in, answering from `replies` in turn. */
function stubSignIn(...replies: Reply[]) {
  const bodies: unknown[] = [];
  stubFetch(({ path, body }) => {
    if (path === '/api/config') return jsonResponse({ googleSignIn: false, chartMinListeners: 3, federation: false });
    if (path !== '/api/auth/sign-in/email') return undefined;
    bodies.push(body);
    const reply = (replies.length > 1 ? replies.shift() : replies[0]) as Reply;
    return jsonResponse(reply.body, reply.status);
  });
  return bodies;
}

const signedIn = {
  status: 200,
  body: { redirect: false, token: 't', user: { id: 'u1', email: 'ana@example.com', name: 'ana' } },
};

async function logIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('LoginPage', () => {
  it("says a wrong password in the spec's words and gives the button back", async () => {
    const bodies = stubSignIn({ status: 401, body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid' } });
    renderWithProviders(<LoginPage hasBio={async () => true} />, { path: '/login' });
    await logIn(' ana@example.com ', 'not-my-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
    expect(bodies).toEqual([{ email: 'ana@example.com', password: 'not-my-password' }]);
  });

  it("shows Google's failure until the next attempt, which has its own words", async () => {
    stubSignIn({ status: 429, body: { message: 'Too many requests' } });
    renderWithProviders(<LoginPage hasBio={async () => true} />, { path: '/login?error=google' });
    expect(screen.getByRole('alert')).toHaveTextContent(googleError());
    await logIn('ana@example.com', 'vinyl-forever');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed login attempts. Please try again later.',
    );
    expect(screen.queryByText(googleError())).toBeNull();
  });

  it('stays busy while it finds out where to go, then re-reads the session', async () => {
    stubSignIn(signedIn);
    let answer: (hasBio: boolean) => void = () => {};
    const hasBio = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const refetch = vi.fn(async () => {});
    renderWithProviders(<LoginPage hasBio={hasBio} />, { path: '/login', refetch });
    await logIn('ana@example.com', 'vinyl-forever');
    await waitFor(() => expect(hasBio).toHaveBeenCalledWith('u1'));
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    expect(refetch).not.toHaveBeenCalled();
    answer(true);
    await waitFor(() => expect(refetch).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a suspended account is suspended, from Google (?error=) and from the form', async () => {
    const bodies = stubSignIn({ status: 403, body: { code: 'ACCOUNT_SUSPENDED', message: ACCOUNT_SUSPENDED } });
    renderWithProviders(<LoginPage hasBio={async () => true} />, { path: '/login?error=ACCOUNT_SUSPENDED' });
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_SUSPENDED);
    await logIn('bea@example.com', 'vinyl-forever');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_SUSPENDED);
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it('says why Google could not make a new account, in its own words and not the address’s', async () => {
    stubSignIn(signedIn);
    renderWithProviders(<LoginPage hasBio={async () => true} />, {
      path: '/login?error=google&error=INVITE_REQUIRED&error_description=Call+this+number',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(INVITE_REQUIRED_FOR_GOOGLE);
    expect(screen.queryByText(/Call this number/)).toBeNull();
  });
});
