import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { activateLocale } from './lib/i18n/i18n.ts';
import { preferredLocale } from './lib/i18n/locales.ts';
import './styles/theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// Every message is read in the reader's language from the first render: English at once, with
// nothing to load; another language once its catalogue has come (in English should it fail).
void activateLocale(preferredLocale(), render);

// The installed app's worker (/sw.js, written by the build): it keeps the shell for opening
// without a connection. Registered once the page has loaded, so it never competes with it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
