import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionContext, type SessionUser } from '../lib/session.tsx';

export interface RenderOptions {
  user?: SessionUser | null;
  path?: string;
  /** True: the session check has not answered yet (`user` is then null). */
  sessionLoading?: boolean;
  /** What re-reading the session does (nothing by default). */
  refetch?: () => Promise<void>;
}

/** Renders UI inside the app's real providers, with a chosen signed-in user. */
export function renderWithProviders(
  ui: ReactNode,
  { user = null, path = '/', refetch = async () => {}, sessionLoading = false }: RenderOptions = {},
) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionContext.Provider value={{ user, isLoading: sessionLoading, refetch }}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u1',
    email: 'ana@example.com',
    emailVerified: true,
    name: 'ana',
    image: null,
    role: 'user',
    ...overrides,
  };
}
