import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ConnectivityBannerHost } from '../components/ui/connectivity-banner.tsx';
import { AppProvider } from './provider.tsx';
import { createRouter } from './router.tsx';

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppProvider>
      <ConnectivityBannerHost>
        <RouterProvider router={router} />
      </ConnectivityBannerHost>
    </AppProvider>
  );
}
