import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../testing/fetch-double.ts';
import { ApiRequestError, withUserMessage } from './api-client.ts';
import { createQueryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';
import { SessionProvider, useSession } from './session.tsx';

/** What GET /api/auth/get-session answers next: a status and body, or a network failure. */
type Answer = { status: number; body: unknown } | 'network-error';

let answers: Answer[];
let sessionCalls: number;

const signedIn = (id: string, name: string) => ({
  status: 200,
  body: {
    session: { id: `s-${id}`, userId: id, token: 't', expiresAt: '2099-01-01T00:00:00.000Z' },
    user: { id, name, email: `${name}@example.com`, emailVerified: true, role: 'user' },
  },
});
const signedOut: Answer = { status: 200, body: null };
const tooMany: Answer = { status: 429, body: { message: 'Too many requests. Please try again later.' } };
const broken: Answer = { status: 503, body: { message: 'Service Unavailable' } };

beforeEach(() => {
  answers = [];
  sessionCalls = 0;
  stubFetch(({ path }) => {
    if (path !== '/api/auth/get-session') return undefined;
    sessionCalls += 1;
    const answer = answers.shift();
    if (!answer) return undefined; // a session check this test did not queue an answer for
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return jsonResponse(answer.body, answer.status);
  });
});

/** Every state the app showed, in order, so a passing "signed out" would be caught. */
let seen: string[];

function Probe() {
  const { user, isLoading, refetch } = useSession();
  const state = isLoading ? 'loading' : user ? `signed in as ${user.name}` : 'signed out';
  if (seen.at(-1) !== state) seen.push(state);
  return (
    <>
      <p>{state}</p>
      <button type="button" onClick={() => void refetch()}>
        Check again
      </button>
    </>
  );
}

let client: ReturnType<typeof useQueryClient>;
function ClientGrab() {
  client = useQueryClient();
  return null;
}

function renderSession() {
  seen = [];
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <ClientGrab />
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('session check', () => {
  it('a 429 on the first check is asked again, and never shown as signed out', async () => {
    answers = [tooMany, signedIn('a', 'ana')];
    renderSession();
    expect(await screen.findByText('signed in as ana', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(sessionCalls).toBe(2);
    expect(seen).toEqual(['loading', 'signed in as ana']);
  });

  it('a network error on the first check is asked again, and never shown as signed out', async () => {
    answers = ['network-error', signedIn('a', 'ana')];
    renderSession();
    expect(await screen.findByText('signed in as ana', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(seen).toEqual(['loading', 'signed in as ana']);
  });

  it('keeps the signed-in user through a 429, a 5xx and a network error; only an answer without a session signs out', async () => {
    answers = [signedIn('a', 'ana')];
    renderSession();
    await screen.findByText('signed in as ana');

    answers = [tooMany, broken, 'network-error', signedOut];
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(sessionCalls).toBe(2));
    expect(screen.getByText('signed in as ana')).toBeInTheDocument();
    await waitFor(() => expect(sessionCalls).toBe(4), { timeout: 3000 });
    expect(screen.getByText('signed in as ana')).toBeInTheDocument();
    expect(await screen.findByText('signed out', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(seen).toEqual(['loading', 'signed in as ana', 'signed out']);
  }, 10_000);
});

describe('per-user cache', () => {
  it("drops everything of the previous user when someone else signs in, and keeps the new user's", async () => {
    answers = [signedIn('a', 'ana')];
    renderSession();
    await screen.findByText('signed in as ana');
    act(() => {
      client.setQueryData(queryKeys.collection('a'), ['ana’s album']);
      client.setQueryData(queryKeys.myAlbumRatings('a', 'kind-of-blue'), { ratings: { t1: 10 } });
      client.setQueryData(queryKeys.followState('a', 'someone'), { following: true });
      // Fetched for the next user before the session caught up (log-in loads the profile first).
      client.setQueryData(queryKeys.myProfile('b'), { displayName: 'bo' });
      client.setQueryData(queryKeys.album('kind-of-blue'), { name: 'Kind of Blue' });
    });

    answers = [signedIn('b', 'bo')];
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByText('signed in as bo');
    await waitFor(() => expect(client.getQueryData(queryKeys.collection('a'))).toBeUndefined());
    expect(client.getQueryData(queryKeys.myAlbumRatings('a', 'kind-of-blue'))).toBeUndefined();
    expect(client.getQueryData(queryKeys.followState('a', 'someone'))).toBeUndefined();
    expect(client.getQueryData(queryKeys.myProfile('b'))).toEqual({ displayName: 'bo' });
    // Public data is nobody's in particular and stays.
    expect(client.getQueryData(queryKeys.album('kind-of-blue'))).toEqual({ name: 'Kind of Blue' });
  });

  it('drops everything per-user when the session ends, and what a visitor saw when someone signs in', async () => {
    answers = [signedIn('a', 'ana')];
    renderSession();
    await screen.findByText('signed in as ana');
    act(() => client.setQueryData(queryKeys.rateLater('a'), ['later']));

    answers = [signedOut];
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByText('signed out');
    await waitFor(() => expect(client.getQueryData(queryKeys.rateLater('a'))).toBeUndefined());
    act(() => client.setQueryData(queryKeys.followState(null, 'someone'), { following: false }));

    answers = [signedIn('a', 'ana')];
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByText('signed in as ana');
    await waitFor(() => expect(client.getQueryData(queryKeys.followState(null, 'someone'))).toBeUndefined());
  });

  it('re-reads the session when an API call answers 401 (an expired session)', async () => {
    answers = [signedIn('a', 'ana')];
    renderSession();
    await screen.findByText('signed in as ana');
    answers = [signedOut];
    await act(() =>
      client
        .fetchQuery({
          queryKey: queryKeys.collection('a'),
          queryFn: () => Promise.reject(new ApiRequestError(401, 'UNAUTHORIZED', 'Sign in first')),
        })
        .catch(() => undefined),
    );
    expect(await screen.findByText('signed out')).toBeInTheDocument();
  });

  it('re-reads the session when a mutation answers 401, even with its error already worded', async () => {
    answers = [signedIn('a', 'ana')];
    renderSession();
    await screen.findByText('signed in as ana');
    answers = [signedOut];
    const expired = () => Promise.reject(new ApiRequestError(401, 'UNAUTHORIZED', 'Sign in first'));
    await act(() =>
      client
        .getMutationCache()
        .build(client, { mutationFn: withUserMessage(expired, () => 'Failed to save. Please try again.') })
        .execute(undefined)
        .catch(() => undefined),
    );
    expect(await screen.findByText('signed out')).toBeInTheDocument();
  });
});
