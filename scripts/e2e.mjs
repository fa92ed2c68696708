// `npm run test:e2e`: only the Playwright journeys, against a fresh production build.
import { ensureChromium, ensureDependencies, ensureNativeModules, ensureWebBuild, run } from './lib.mjs';

ensureDependencies();
ensureNativeModules();
ensureWebBuild();
ensureChromium();
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
