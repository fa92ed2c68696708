import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorScreen } from '../components/ui/error-screen.tsx';
import { loadPagesWhenOnline } from '../lib/network-status.ts';
import { RequireAdmin, RequireAuth } from './guards.tsx';
import { AppLayout } from './layout.tsx';

/** Every page is loaded lazily so the home route's JavaScript stays small (DESIGN.md budget). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        errorElement: <ErrorScreen />,
        children: [
          { path: '/', lazy: () => import('./routes/home.tsx') },
          { path: '/lists', lazy: () => import('./routes/lists.tsx') },
          { path: '/search', lazy: () => import('./routes/search.tsx') },
          { path: '/music', lazy: () => import('./routes/music.tsx') },
          { path: '/album/:albumId', lazy: () => import('./routes/album.tsx') },
          { path: '/login', lazy: () => import('./routes/auth/login.tsx') },
          { path: '/create-account', lazy: () => import('./routes/auth/create-account.tsx') },
          { path: '/forgot-password', lazy: () => import('./routes/auth/forgot-password.tsx') },
          { path: '/reset-password', lazy: () => import('./routes/auth/reset-password.tsx') },
          { path: '/email-verified', lazy: () => import('./routes/email-verified.tsx') },
          { path: '/profile/:username', lazy: () => import('./routes/profile.tsx') },
          {
            path: '/profile/:username/followers',
            lazy: async () => ({ Component: (await import('./routes/profile-people.tsx')).Followers }),
          },
          {
            path: '/profile/:username/following',
            lazy: async () => ({ Component: (await import('./routes/profile-people.tsx')).Following }),
          },
          {
            path: '/profile',
            lazy: async () => ({ Component: (await import('./routes/profile.tsx')).OwnProfileRedirect }),
          },
          {
            path: '/edit-profile',
            lazy: async () => ({ Component: (await import('./routes/profile.tsx')).EditProfileRedirect }),
          },
          {
            element: <RequireAuth />,
            children: [
              { path: '/profile-setup', lazy: () => import('./routes/profile-setup.tsx') },
              { path: '/collection', lazy: () => import('./routes/collection.tsx') },
              { path: '/settings', lazy: () => import('./routes/settings.tsx') },
            ],
          },
          { path: '/sorter', lazy: () => import('./routes/sorter.tsx') },
          {
            element: <RequireAdmin />,
            children: [{ path: '/admin', lazy: () => import('./routes/admin.tsx') }],
          },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
    ],
  },
];

export function createRouter() {
  // A page whose code cannot load while offline waits for the connection instead of failing.
  return createBrowserRouter(loadPagesWhenOnline(routes));
}
