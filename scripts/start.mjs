// `npm start`: install what is missing, build the SPA when stale, then serve everything on :3000.
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureNativeModules, ensureWebBuild, root, say } from './lib.mjs';

ensureDependencies();
ensureNativeModules();
ensureWebBuild();

say('starting the server (migrations run at start-up)…');
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
