import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiPlugin, linguiRuntimeAlias } from './scripts/lingui.ts';
import { precompress } from './scripts/precompress.ts';
import { serviceWorker } from './scripts/service-worker.ts';
import { treeShakeReactRouter } from './scripts/tree-shake-react-router.ts';

/**
 * React Router's package points every bundler at its development build, warnings included; the
 * production build beside it differs only in leaving them out. The app's build takes that one.
 */
const reactRouterDevelopment = createRequire(import.meta.url).resolve('react-router');
const reactRouterProduction = path.join(path.dirname(reactRouterDevelopment), '../production/index.mjs');

export default defineConfig(({ command }) => ({
  // dist/**/*.br and *.gz: the server sends these as they are (apps/server/src/plugins/spa.ts).
  plugins: [react(), linguiPlugin(), treeShakeReactRouter(), serviceWorker(), precompress()],
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
    rolldownOptions: {
      output: {
        // React, React DOM, React Router and TanStack Query in one file: the home route needs them
        // all, and together they compress 1.5 kB smaller than the pieces the splitter would cut
        // them into by which pages share what (DESIGN.md budget). The file changes only when they do.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/,
            },
          ],
        },
      },
    },
  },
  resolve: {
    alias: [
      linguiRuntimeAlias,
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
