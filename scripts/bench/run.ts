/**
 * Catalogue benchmarks (DESIGN.md, Performance budgets): `npm run bench`.
 *
 * Generates a synthetic catalogue (BENCH_ALBUMS, default 100 000 albums, ~1.1M tracks) into a
 * temporary DATA_DIR, starts the real server and a bare Node http server answering a constant JSON
 * body, and measures each with autocannon on loopback for BENCH_SECONDS (default 5): album by id,
 * top albums, search, and a signed-in member's session check and read. Then sequential search latency (p50/p95/p99). On SQLite always; on PostgreSQL
 * too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (in a throw-away schema). Prints markdown.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ADJECTIVES, NOUNS } from '../../apps/server/src/modules/catalog/generate.ts';
import { freePort } from '../../apps/server/src/test/free-port.ts';
import {
  CONNECTIONS,
  LATENCY_SAMPLES,
  type Load,
  load,
  log,
  random,
  root,
  run,
  SECONDS,
  sequentialLatency,
  startServer,
  stop,
  stopAll,
} from './harness.ts';
import { signUp } from './mixed-workload.ts';

const ALBUMS = Number(process.env.BENCH_ALBUMS ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Words from the generator's lists, real seed titles and artists, partial words, accents. */
const SEARCHES = [
  'velvet',
  'silent river',
  'midnight harb',
  'the golden',
  'love',
  'zoe',
  'sorensen',
  'cathedral of',
  'nakamura tide',
  'summer fever',
  'dark side',
  'bjork',
  'kind of blue',
  'radiohead',
  'beatles abbey',
  'crystal satellite',
  'ocean',
  'neon',
  'garcia',
  'falling stars',
];

interface Row {
  dialect: string;
  name: string;
  load: Load;
  bare: Load;
}

async function benchDialect(dialect: 'sqlite' | 'postgres', rows: Row[], latencies: string[], notes: string[]) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `liner-bench-${dialect}-`));
  // One client address makes every request: per-address search limits would measure the limiter.
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    // As installed: info, with the sampled access log (plugins/access-log.ts).
    LOG_LEVEL: 'info',
    MUSICBRAINZ: 'off',
    RATE_LIMIT_SEARCHES: '0',
  };
  let schema: string | undefined;
  if (dialect === 'postgres' && PG_URL) {
    schema = `bench_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    Object.assign(env, { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });
  }
  try {
    log(`${dialect}: generating ${ALBUMS} albums`);
    const started = performance.now();
    await run(['apps/server/src/cli/main.ts', 'catalog', 'generate', '--albums', String(ALBUMS)], env);
    notes.push(`${dialect}: generating ${ALBUMS} albums took ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const barePort = await freePort();
    const bare = await startServer('scripts/bench/bare-server.ts', {}, barePort);
    const appPort = await freePort();
    const app = await startServer('apps/server/src/main.ts', env, appPort);
    try {
      const rand = random(42);
      const albumId = () => `gen-${1 + Math.floor(rand() * ALBUMS)}`;
      const albumPath = () => `/api/music/albums/${albumId()}`;
      let i = 0;
      const searchPaths = SEARCHES.map((q) => `/api/music/search?q=${encodeURIComponent(q)}&limit=20`);
      const searchPath = () => searchPaths[i++ % searchPaths.length] ?? '/';
      // Searches the read cache has not seen: an adjective and the start of a noun of the
      // generator's (tens of thousands of pairs), as someone typing a name they half remember.
      const newSearchPath = () => {
        const noun = NOUNS[Math.floor(rand() * NOUNS.length)] ?? 'love';
        const q = `${ADJECTIVES[Math.floor(rand() * ADJECTIVES.length)]} ${noun.slice(0, 2 + Math.floor(rand() * (noun.length - 1)))}`;
        return `/api/music/search?q=${encodeURIComponent(q)}&limit=20`;
      };
      // Artist pages of 500 random albums' artists: ids come from the albums themselves.
      const artistIds: string[] = [];
      for (let n = 0; n < 500; n++) {
        const res = await fetch(`http://127.0.0.1:${appPort}${albumPath()}`);
        artistIds.push(((await res.json()) as { artistId: string }).artistId);
      }
      let j = 0;
      const artistPath = () => `/api/artists/${artistIds[j++ % artistIds.length]}`;
      const browsePaths = ['rock', 'jazz', 'pop', 'electronic'].flatMap((genre) =>
        [1970, 1990, 2010].map((decade) => `/api/music/albums?genre=${genre}&decade=${decade}&sort=popular`),
      );
      let k = 0;
      const browsePath = () => browsePaths[k++ % browsePaths.length] ?? '/';
      log(`${dialect}: bare server`);
      const bareLoad = await load(barePort, () => '/api/health');
      // A member's requests carry a session cookie, and each one asks who sent it.
      const member = { cookie: (await signUp(`http://127.0.0.1:${appPort}`, 1)).cookie };
      // One who asked for spoiler-free scores: their album answers are made for them (ADR 57).
      const unspoiled = { cookie: (await signUp(`http://127.0.0.1:${appPort}`, 2)).cookie };
      await spoilerFree(`http://127.0.0.1:${appPort}`, unspoiled.cookie);
      for (const [name, paths, headers] of [
        // Not a catalogue read: the same server's cheapest route, for what the framework costs.
        ['(reference) GET /api/config', () => '/api/config', {}],
        ['album by id', albumPath, {}],
        ['top albums', () => '/api/music/top-albums', {}],
        ['artist page (random of 500)', artistPath, {}],
        ['Discover, genre + decade (12 pages)', browsePath, {}],
        ['album chart', () => '/api/charts/albums', {}],
        ['search, 20 popular queries (read cache)', searchPath, {}],
        ['search, every query new', newSearchPath, {}],
        ['signed in: GET /api/auth/get-session', () => '/api/auth/get-session', member],
        ['signed in: my ratings of an album', () => `/api/albums/${albumId()}/my-ratings`, member],
        ['signed in: album by id', albumPath, member],
        ['signed in, spoiler-free: album by id', albumPath, unspoiled],
        ['signed in, spoiler-free: album chart', () => '/api/charts/albums', unspoiled],
      ] as const) {
        log(`${dialect}: ${name}`);
        rows.push({ dialect, name, load: await load(appPort, paths, headers), bare: bareLoad });
      }
      log(`${dialect}: search latency`);
      // Every request a different answer (the 20 queries, each asked for 20, 21, … results), so
      // none is served from the read cache: this is the search itself.
      const uncached = (type: string) =>
        Array.from(
          { length: LATENCY_SAMPLES + 20 },
          (_, n) =>
            `/api/music/search?q=${encodeURIComponent(SEARCHES[n % SEARCHES.length] ?? '')}&type=${type}&limit=${20 + Math.floor(n / SEARCHES.length)}`,
        );
      const albums = await sequentialLatency(appPort, uncached('album'));
      const tracks = await sequentialLatency(appPort, uncached('track'));
      const ms = (v: number) => v.toFixed(2);
      latencies.push(`| ${dialect} | album | ${ms(albums.p50)} | ${ms(albums.p95)} | ${ms(albums.p99)} |`);
      latencies.push(`| ${dialect} | track | ${ms(tracks.p50)} | ${ms(tracks.p95)} | ${ms(tracks.p99)} |`);
    } finally {
      await stop(app);
      await stop(bare);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (schema && PG_URL) {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    }
  }
}

async function spoilerFree(base: string, cookie: string): Promise<void> {
  const res = await fetch(`${base}/api/users/me/spoiler-free`, {
    method: 'PUT',
    headers: { origin: base, 'content-type': 'application/json', cookie },
    body: JSON.stringify({ spoilerFree: true }),
  });
  if (!res.ok) throw new Error(`spoiler-free: ${res.status} ${await res.text()}`);
}

async function main() {
  const rows: Row[] = [];
  const latencies: string[] = [];
  const notes: string[] = [];
  await benchDialect('sqlite', rows, latencies, notes);
  if (PG_URL) await benchDialect('postgres', rows, latencies, notes);
  else notes.push('postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');

  const out = [
    `### Catalogue reads (${ALBUMS.toLocaleString('en')} albums; autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, loopback)`,
    '',
    '| dialect | endpoint | req/s | p50 ms | p99 ms | bytes/resp | bare req/s | bare p99 ms | share of bare | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ dialect, name, load: l, bare: b }) =>
        `| ${dialect} | ${name} | ${Math.round(l.rps)} | ${l.p50} | ${l.p99} | ${Math.round(l.bytes)} | ` +
        `${Math.round(b.rps)} | ${b.p99} | ${((l.rps / b.rps) * 100).toFixed(0)}% | ${l.errors} |`,
    ),
    '',
    `### Search latency (one request at a time, ${LATENCY_SAMPLES} requests over ${SEARCHES.length} queries, each asked for a different number of results so none comes from the read cache; end to end over HTTP)`,
    '',
    '| dialect | type | p50 ms | p95 ms | p99 ms |',
    '|---|---|---:|---:|---:|',
    ...latencies,
    '',
    ...notes.map((n) => `- ${n}`),
    `- machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load generator and server share the cores`,
  ];
  console.log(out.join('\n'));
  // The latest run is kept in the repository, dated, in its own section of the page: the other
  // benchmarks' sections (bench:mixed, bench:feed) and the summary stay (BENCH_WRITE=0 leaves the
  // file alone).
  if (process.env.BENCH_WRITE !== '0') {
    const file = path.join(root, 'docs/benchmarks.md');
    const [start, end] = ['<!-- bench:start -->', '<!-- bench:end -->'];
    const page = readFileSync(file, 'utf8');
    const from = page.indexOf(start);
    const to = page.indexOf(end);
    if (from === -1 || to < from) throw new Error(`${file} has no ${start} … ${end} section to write the run into`);
    const section = [
      start,
      `Latest \`npm run bench\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Ratios are against a bare`,
      'Node `http` server answering a constant JSON body, measured in the same run by the same load generator.',
      '',
      ...out,
      '',
    ].join('\n');
    writeFileSync(file, page.slice(0, from) + section + page.slice(to));
    log(`written to ${path.relative(root, file)}`);
  }
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(stopAll);
