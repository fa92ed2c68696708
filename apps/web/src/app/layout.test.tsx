import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session.tsx';
import { jsonResponse, stubFetch } from '../testing/fetch-double.ts';
import { RequireAuth } from './guards.tsx';
import { AppLayout } from './layout.tsx';
import { lazyPage } from './router.tsx';

/** How GET /api/auth/get-session answers: never (the check still running), or signed out. */
let session: 'pending' | 'signed-out';

beforeEach(() => {
  session = 'pending';
  stubFetch(({ path }) => {
    if (path !== '/api/auth/get-session') return undefined;
    if (session === 'pending') return new Promise<Response>(() => {});
    return jsonResponse(null);
  });
});

/** The app's real layout, session provider and guard, with stand-in pages. */
function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/', element: <h1>Discover. Rate. Share.</h1> },
          { path: '/login', element: <h1>Log in page</h1> },
          { element: <RequireAuth />, children: [{ path: '/collection', element: <h1>My collection</h1> }] },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('AppLayout before the session check answers', () => {
  it('renders the skip link, top bar, page and footer, with neither Sign In nor the avatar', async () => {
    renderApp('/');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Music');
    expect(screen.getByRole('main')).toHaveTextContent('Discover. Rate. Share.');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('offers Sign In once the check says nobody is signed in', async () => {
    session = 'signed-out';
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });
});

describe('RequireAuth', () => {
  it('does not redirect while the session is unknown: it says it is loading', async () => {
    const router = renderApp('/collection');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    // Give a redirect every chance to happen.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/collection');
    expect(screen.queryByRole('heading', { name: 'Log in page' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'My collection' })).toBeNull();
  });

  it('sends a visitor to log in once the check says nobody is signed in', async () => {
    session = 'signed-out';
    const router = renderApp('/collection');
    expect(await screen.findByRole('heading', { name: 'Log in page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

function ThePage() {
  return <p>the page</p>;
}

describe('lazyPage', () => {
  it('renders the page module’s Component', async () => {
    const Page = lazyPage(async () => ({ Component: ThePage }));
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });
});
