// `npm run test:e2e`: only the Playwright journeys, against a fresh production build (web app and server).
import {
  ensureChromium,
  ensureDependencies,
  ensureNativeModules,
  ensureServerBuild,
  ensureSupportedNode,
  ensureWebBuild,
  run,
} from './lib.mjs';

await ensureSupportedNode();

ensureDependencies();
ensureNativeModules();
ensureWebBuild();
ensureServerBuild();
ensureChromium();
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
