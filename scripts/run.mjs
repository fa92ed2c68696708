// `node scripts/run.mjs <command…>`: runs an npm script's command on a Node liner supports (the
// project's own Node where the machine's is older, see ensureSupportedNode), so `npm run typecheck`
// and the rest behave as `npm start` and `npm test` do. A command with `&&` comes quoted, as one
// argument: it is handed to the shell as written; arguments after it (`npm run test:int -- file`)
// are passed on quoted.
import { spawn } from 'node:child_process';
import { ensureSupportedNode } from './lib.mjs';

await ensureSupportedNode();

const quoted = (argument) => `'${argument.replaceAll("'", "'\\''")}'`;
const [script, ...args] = process.argv.slice(2);
const command = [script, ...args.map(quoted)].join(' ');
const child = spawn(command, { shell: true, stdio: 'inherit', cwd: process.cwd() });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
