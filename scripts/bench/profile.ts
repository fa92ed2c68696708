/**
 * Where one route's time goes: `npm run bench:profile -- <path> [<path>…]`.
 *
 * Generates a catalogue (BENCH_ALBUMS, default 10 000) on SQLite, starts the real server under
 * `node --cpu-prof`, loads the given paths with autocannon for BENCH_SECONDS, stops the server
 * (which writes the profile) and prints self time by package and by function. The .cpuprofile
 * is kept (its path is printed) for Chrome DevTools or speedscope. `{album}` in a path stands for a
 * random generated album id, so reads spread over the whole catalogue as real ones do.
 * BENCH_SIGNED_IN=1 signs one person up first and sends their session cookie with every request.
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/test/free-port.ts';
import { summarizeCpuProfile } from './cpu-profile-summary.ts';
import { load, log, random, run, startServer, stop, stopAll } from './harness.ts';
import { signUp } from './mixed-workload.ts';

const ALBUMS = Number(process.env.BENCH_ALBUMS ?? 10_000);
const paths = process.argv.slice(2);

async function main() {
  if (paths.length === 0) throw new Error('Usage: npm run bench:profile -- /api/music/albums/gen-1 [more paths]');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liner-profile-'));
  const profileDir = path.join(dataDir, 'profile');
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    MUSICBRAINZ: 'off',
    RATE_LIMIT_SEARCHES: '0',
    RATE_LIMIT_WRITES: '0',
    TRUST_PROXY: '1',
  };
  log(`generating ${ALBUMS} albums`);
  await run(['apps/server/src/cli/main.ts', 'catalog', 'generate', '--albums', String(ALBUMS)], env);
  const port = await freePort();
  const server = await startServer('apps/server/src/main.ts', env, port, [
    '--cpu-prof',
    `--cpu-prof-dir=${profileDir}`,
  ]);
  const headers: Record<string, string> = {};
  if (process.env.BENCH_SIGNED_IN === '1') headers.cookie = (await signUp(`http://127.0.0.1:${port}`, 1)).cookie;
  let i = 0;
  const rand = random(7);
  const next = () =>
    (paths[i++ % paths.length] ?? '/').replace('{album}', () => `gen-${1 + Math.floor(rand() * ALBUMS)}`);
  log(`loading ${paths.join(', ')}`);
  const result = await load(port, next, headers);
  await stop(server);
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`No profile was written to ${profileDir}`);
  const summary = summarizeCpuProfile(path.join(profileDir, file));
  const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
  const lines = [
    `${Math.round(result.rps)} req/s, p99 ${result.p99} ms, ${result.errors} errors; ${summary.totalMs.toFixed(0)} ms of CPU sampled`,
    '',
    '| package | self ms | share |',
    '|---|---:|---:|',
    ...summary.byPackage.map((row) => `| ${row.name} | ${row.ms.toFixed(0)} | ${pct(row.share)} |`),
    '',
    '| function | self ms | share |',
    '|---|---:|---:|',
    ...summary.byFunction.map((row) => `| ${row.name} | ${row.ms.toFixed(0)} | ${pct(row.share)} |`),
    '',
    `profile: ${path.join(profileDir, file)}`,
  ];
  console.log(lines.join('\n'));
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(stopAll);
