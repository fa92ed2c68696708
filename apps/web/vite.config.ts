import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

export default defineConfig({
  // dist/**/*.br and *.gz: the server sends these as they are (apps/server/src/plugins/spa.ts).
  plugins: [react(), precompress()],
  css: {
    // Lightning CSS (a dependency of Vite itself) expands the named breakpoints of
    // src/styles/breakpoints.css; each file that uses them imports that file. No targets here:
    // lowering for browsers stays with the minifier (build.target), which would otherwise do it twice.
    transformer: 'lightningcss',
    lightningcss: { targets: {}, drafts: { customMedia: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The home route must stay small (DESIGN.md budget); pages are split out with React.lazy (app/router.tsx).
    chunkSizeWarningLimit: 400,
    // dist/.vite/manifest.json: the static import graph scripts/check-web-budget.mjs measures.
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
