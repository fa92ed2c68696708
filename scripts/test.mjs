// `npm test`: every test a change can break — unit, integration, web components, then browser journeys.
import {
  ensureChromium,
  ensureDependencies,
  ensureNativeModules,
  ensureServerBuild,
  ensureSupportedNode,
  ensureWebBuild,
  run,
  say,
} from './lib.mjs';

await ensureSupportedNode();

process.env.TZ = 'UTC';
ensureDependencies();
ensureNativeModules();
// Before Vitest rather than after: integration tests start the server bundle as processes
// (apps/server/src/test/server-bundle.ts) and the journeys run both builds, so each is built at
// most once, here, and Vitest's own check finds the server's fresh.
ensureWebBuild();
ensureServerBuild();

say(
  `unit, integration and web component tests (database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})…`,
);
run('npx', ['vitest', 'run']);

ensureChromium();
say('end-to-end journeys in Chromium…');
run('npx', ['playwright', 'test']);
say('all tests passed');
