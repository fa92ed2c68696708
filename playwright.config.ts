import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
// Set by scripts/e2e-behind-proxy.mjs, which starts liner and a proxy itself: no server of ours then.
const externalURL = process.env.E2E_BASE_URL;
const baseURL = externalURL ?? `http://127.0.0.1:${port}`;
// Each run starts on an empty database of its own.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'liner-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: externalURL
    ? undefined
    : {
        // The bundle `npm start` runs (ADR 28); scripts/e2e.mjs and `npm test` build it first when stale.
        command: 'node --enable-source-maps apps/server/dist/main.js',
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          PUBLIC_URL: baseURL,
          LOG_LEVEL: 'warn',
          MUSICBRAINZ: 'off',
          ADMIN_EMAILS: 'admin@e2e.test,admin.pending@e2e.test',
          TRUST_PROXY: '1',
          DATABASE_URL: '',
        },
      },
});
