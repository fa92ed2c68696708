// `npm run cli -- …`: the bundled CLI when apps/server/dist is up to date, otherwise its TypeScript
// through tsx. It never builds: an operator command writes nothing into the checkout (ADR 28).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureSupportedNode, root, serverBuildIsFresh } from './lib.mjs';

await ensureSupportedNode();

const entry = serverBuildIsFresh()
  ? ['--enable-source-maps', path.join(root, 'apps/server/dist/cli.js')]
  : ['--import', 'tsx', path.join(root, 'apps/server/src/cli/main.ts')];
const cli = spawn(process.execPath, [...entry, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cli.kill(signal));
cli.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
