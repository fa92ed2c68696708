import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { linguiPlugin, linguiRuntimeAlias } from './apps/web/scripts/lingui.ts';

export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          setupFiles: ['apps/server/src/test/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts', 'apps/server/src/test/global-setup-bundle.ts'],
          setupFiles: ['apps/server/src/test/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: parallel files would mostly wait on each other's SQLite fsyncs.
          maxWorkers: 2,
          // Each file builds its own app, database and server processes, so files need no fresh
          // module graph each: importing the server once per worker instead of once per file took
          // the suite from 254 s to 189 s on SQLite.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [react(), linguiPlugin()],
        resolve: { alias: [linguiRuntimeAlias] },
        test: {
          name: 'web',
          sequence: { groupOrder: 2 },
          // Both cores: a worker spends most of a file's time setting up jsdom and importing (82 s on one, 51 s on two).
          maxWorkers: 2,
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/testing/setup.ts'],
        },
      },
    ],
  },
});
