import { BrowserRouter } from 'react-router';
import { ConnectivityBanner } from '../components/ui/connectivity-banner.tsx';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ConnectivityBanner />
    </AppProvider>
  );
}
