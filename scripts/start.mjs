// `npm start`: install what is missing, build the SPA and the server when stale, then serve everything on :3000.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ensureDependencies,
  ensureNativeModules,
  ensureServerBuild,
  ensureSupportedNode,
  ensureWebBuild,
  root,
  say,
} from './lib.mjs';

await ensureSupportedNode();

ensureDependencies();
ensureNativeModules();
ensureWebBuild();
ensureServerBuild();

say('starting the server (migrations run at start-up)…');
// In this process, as `node --enable-source-maps apps/server/dist/main.js` would run it: no second
// Node to boot, and signals reach the server's own shutdown directly.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
