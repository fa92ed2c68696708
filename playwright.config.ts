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

/**
 * Journeys that change what every browser sees (the registration mode) run on their own, after the
 * others: closing registration while another journey signs someone up would fail that one. When a
 * journey before them fails, Playwright leaves them unrun (reported as "did not run").
 */
const REGISTRATION_MODE = /@registration-mode/;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // One server and one database for all, and two workers on this 2-core machine (a third was
  // faster still, but ran the axe journeys close to their timeouts). Each worker takes a spec file
  // and runs its journeys in order; a11y.spec.ts's, which share nothing, go to both. Journeys make
  // their own accounts and assert only their own data, or counts no other journey moves.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Made once before any journey, so no two journeys race to sign it up (e2e/global-setup.ts).
  globalSetup: './e2e/global-setup.ts',
  projects: [
    { name: 'journeys', grepInvert: REGISTRATION_MODE },
    { name: 'registration-mode', grep: REGISTRATION_MODE, dependencies: ['journeys'], workers: 1 },
  ],
  timeout: 30_000,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: CHROMIUM_LAUNCH,
    // A service worker answers the requests it handles before Playwright's routes see them, so the
    // journeys that stall or fail a page's code would race it; the installed-app journey allows it.
    serviceWorkers: 'block',
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
          // e2e/federation.spec.ts starts a second site on this machine to federate with.
          FEDERATION: 'on',
          FEDERATION_ALLOW_PRIVATE: 'on',
        },
      },
});
