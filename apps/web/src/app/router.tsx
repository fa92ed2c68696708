import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layouts/app-layout.tsx';
import { ErrorScreen } from '../components/ui/error-screen.tsx';
import { RequireAuth } from './guards.tsx';

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
          { path: '/login', lazy: () => import('./routes/auth/login.tsx') },
          { path: '/create-account', lazy: () => import('./routes/auth/create-account.tsx') },
          { path: '/forgot-password', lazy: () => import('./routes/auth/forgot-password.tsx') },
          { path: '/reset-password', lazy: () => import('./routes/auth/reset-password.tsx') },
          { path: '/profile/:username', lazy: () => import('./routes/profile.tsx') },
          {
            path: '/profile',
            lazy: async () => ({ Component: (await import('./routes/profile.tsx')).OwnProfileRedirect }),
          },
          {
            element: <RequireAuth />,
            children: [{ path: '/profile-setup', lazy: () => import('./routes/profile-setup.tsx') }],
          },
          { path: '*', lazy: () => import('./routes/not-found.tsx') },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
