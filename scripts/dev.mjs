// `npm run dev`: the web app on Vite's dev server (http://localhost:5173, hot reload, /api proxied to
// :3000 by apps/web/vite.config.ts) and the API through tsx, restarted by `node --watch` when a file
// it loaded changes (packages/shared included). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, ensureNativeModules, ensureSupportedNode, root, say } from './lib.mjs';

await ensureSupportedNode();

const WEB_URL = 'http://localhost:5173';

ensureDependencies();
ensureNativeModules();

say(`API on :3000 (restarts on change), web app with hot reload on ${WEB_URL}`);
const children = [
  spawn(
    process.execPath,
    ['--watch', '--watch-preserve-output', '--import', 'tsx', 'apps/server/src/main.ts'],
    // Pages come from the Vite server: its origin is the one allowed to write and the one mails link to.
    { cwd: root, stdio: 'inherit', env: { PUBLIC_URL: WEB_URL, ...process.env, PORT: '3000' } },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', '5173', '--strictPort'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];

let exitCode = 0;
function stop(signal) {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
for (const child of children) {
  // One side gone (a port taken, a crash at start) stops the other: half a dev setup only confuses.
  child.on('exit', (code) => {
    exitCode ||= code ?? 0;
    stop('SIGTERM');
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
}
