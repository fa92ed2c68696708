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

say(
  `unit, integration and web component tests (database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})…`,
);
run('npx', ['vitest', 'run']);

ensureWebBuild();
ensureServerBuild();
ensureChromium();
say('end-to-end journeys in Chromium…');
run('npx', ['playwright', 'test']);
say('all tests passed');
