// `npm run test:e2e`: only the Playwright journeys, against a fresh production build (web app and server).
import {
  ensureChromium,
  ensureDependencies,
  ensureNativeModules,
  ensureServerBuild,
  ensureWebBuild,
  run,
} from './lib.mjs';

ensureDependencies();
ensureNativeModules();
ensureWebBuild();
ensureServerBuild();
ensureChromium();
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
