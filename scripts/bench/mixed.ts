/**
 * A mixed signed-in workload: `npm run bench:mixed`.
 *
 * Generates a catalogue (BENCH_ALBUMS, default 10 000) into a temporary DATA_DIR, starts the real
 * server with the write, search and upload limits off (the limiter is not what is measured), signs
 * up BENCH_USERS people (default 50), each from an address of their own as the e2e tests do, and
 * loads it with autocannon for BENCH_SECONDS (default 10) at BENCH_CONNECTIONS: 70 % reads, 30 %
 * writes (mixed-workload.ts). Then, with the server stopped, checks in the database that the
 * counters agree with their rows and that the rows are the writes the server confirmed. On SQLite
 * always; on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (in a throw-away
 * schema). Prints markdown; exits non-zero on any error or failed check. The server's log is kept
 * (its path printed) when something failed.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { freePort } from '../../apps/server/src/test/free-port.ts';
import { CONNECTIONS, log, root, run, stop, stopAll, waitFor } from './harness.ts';
import { type Check, checkDatabase, type Query } from './mixed-checks.ts';
import { COUNTERS, EXPECTED_REFUSALS, emptyTally, type Op, signUp, type User, workload } from './mixed-workload.ts';

const ALBUMS = Number(process.env.BENCH_ALBUMS ?? 10_000);
const USERS = Math.max(2, Number(process.env.BENCH_USERS ?? 50));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

// The part of autocannon's API used here beyond scripts/bench/autocannon.d.ts.
interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Context {
  op?: Op;
}
const cannon = autocannon as unknown as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: {
    setupRequest: (request: CannonRequest, context: Context) => CannonRequest;
    onResponse?: (status: number, body: string, context: Context) => void;
  }[];
}) => Promise<{
  duration: number;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
}>;

interface Result {
  dialect: string;
  /** The same server's cheapest route under the same load: what the machine allowed this run. */
  reference: number;
  rps: number;
  p50: number;
  p99: number;
  reads: number;
  writes: number;
  readP99: number;
  writeP99: number;
  refusals: number;
  errors: number;
  checks: Check[];
  byOp: string[];
  notes: string[];
  /** The server's resident memory in MB: before the load (signed-up, idle) and its peak under it. */
  memory: { idleMb: number; peakMb: number };
}

/** VmRSS and VmHWM (peak) of a process, in MB, from /proc (Linux). */
function residentMemory(pid: number | undefined): { rssMb: number; peakMb: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rssMb: 0, peakMb: 0 };
  }
}

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/**
 * The server as production runs it (the esbuild bundle, ADR 28, built first when stale), with its
 * log (pino, on stdout) written to a file instead of dropped.
 */
async function startServer(env: Record<string, string>, port: number, logFile: string): Promise<ChildProcess> {
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  await waitFor(`http://127.0.0.1:${port}/api/health`, 60_000);
  return child;
}

/**
 * What went wrong on the server, from its log: errors and 503s (logged at warn, db unavailable)
 * grouped by message and cause; slow requests only counted.
 */
function serverTrouble(logFile: string): { problems: string[]; slow: number } {
  const seen = new Map<string, number>();
  let slow = 0;
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { level?: number; msg?: string; err?: { type?: string; code?: string; message?: string } };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if ((entry.level ?? 0) < 40) continue;
    if (entry.msg === 'slow request') {
      slow += 1;
      continue;
    }
    const key = [entry.msg, entry.err?.type, entry.err?.code, entry.err?.message?.split('\n')[0]]
      .filter(Boolean)
      .join(' / ');
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return { problems: [...seen].map(([key, count]) => `${count} × ${key}`), slow };
}

async function benchDialect(dialect: 'sqlite' | 'postgres'): Promise<Result> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `liner-bench-mixed-${dialect}-`));
  const logFile = path.join(os.tmpdir(), `liner-bench-mixed-${dialect}-${randomBytes(3).toString('hex')}.log`);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    MUSICBRAINZ: 'off',
    RATE_LIMIT_WRITES: '0',
    RATE_LIMIT_SEARCHES: '0',
    RATE_LIMIT_UPLOADS: '0',
    // Each person sends X-Forwarded-For with an address of their own: Better Auth's per-address
    // sign-up limit (10 a minute) then applies per person, as in e2e/fixtures.ts.
    TRUST_PROXY: '1',
  };
  let schema: string | undefined;
  const pgQuery = async <T>(text: string, searchPath?: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      if (searchPath) await client.query(`set search_path to ${searchPath}`);
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  };
  if (dialect === 'postgres' && PG_URL) {
    schema = `bench_${randomBytes(4).toString('hex')}`;
    await pgQuery(`create schema ${schema}`);
    Object.assign(env, { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });
  }
  let keepLog = false;
  try {
    log(`${dialect}: generating ${ALBUMS} albums`);
    await run(['apps/server/src/cli/main.ts', 'catalog', 'generate', '--albums', String(ALBUMS)], env);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer({ ...env, PUBLIC_URL: base }, port, logFile);
    const tally = emptyTally();
    const unanswered = new Set<Op>();
    const times = { read: [] as number[], write: [] as number[] };
    const byOp = new Map<string, { times: number[]; statuses: Map<string, number> }>();
    let refusals = 0;
    let unexpected = 0;
    let result: Awaited<ReturnType<typeof cannon>>;
    let reference = 0;
    let idleMb = 0;
    let peakMb = 0;
    try {
      log(`${dialect}: signing up ${USERS} people`);
      const users: User[] = [];
      for (let n = 0; n < USERS; n += 4) {
        users.push(
          ...(await Promise.all(Array.from({ length: Math.min(4, USERS - n) }, (_, i) => signUp(base, n + i)))),
        );
      }
      log(`${dialect}: reference, GET /api/config for 3 s`);
      reference = (
        await cannon({
          url: base,
          connections: CONNECTIONS,
          duration: 3,
          requests: [{ setupRequest: (request) => ({ ...request, path: '/api/config' }) }],
        })
      ).requests.average;
      idleMb = residentMemory(server.pid).rssMb;
      const next = workload(users, ALBUMS);
      log(`${dialect}: ${SECONDS} s of mixed load at ${CONNECTIONS} connections`);
      result = await cannon({
        url: base,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            // Autocannon keeps one request in flight per connection: its context carries the
            // operation from here to onResponse.
            setupRequest: (request, context) => {
              const op = next();
              context.op = op;
              unanswered.add(op);
              const headers: Record<string, string> = {
                cookie: op.user.cookie,
                origin: base,
                'x-forwarded-for': op.user.ip,
              };
              if (op.body === undefined) return { ...request, method: op.method, path: op.path, headers, body: '' };
              headers['content-type'] = 'application/json';
              return { ...request, method: op.method, path: op.path, headers, body: JSON.stringify(op.body) };
            },
            onResponse: (status, body, context) => {
              const op = context.op;
              if (!op) return;
              const ms = performance.now() - op.started;
              unanswered.delete(op);
              if (op.write) op.user.writing = false;
              const stats = byOp.get(op.name) ?? { times: [] as number[], statuses: new Map<string, number>() };
              byOp.set(op.name, stats);
              stats.times.push(ms);
              (op.write ? times.write : times.read).push(ms);
              if (status === op.status) {
                op.apply?.(tally);
                return;
              }
              let code = '';
              try {
                code = (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? '';
              } catch {}
              const key = `${status}${code ? ` ${code}` : ''}`;
              stats.statuses.set(key, (stats.statuses.get(key) ?? 0) + 1);
              if (op.write && status === 409 && EXPECTED_REFUSALS.has(code)) refusals += 1;
              else unexpected += 1;
            },
          },
        ],
      });
      peakMb = residentMemory(server.pid).peakMb;
    } finally {
      // Requests in flight when the load stopped finish before the server exits (graceful close).
      await stop(server);
    }

    log(`${dialect}: checking the counts`);
    // What writes left unanswered at the stop may or may not have done.
    const slack = { up: emptyTally(), down: emptyTally() };
    for (const op of unanswered) {
      for (const counter of COUNTERS) {
        const change = op.delta?.[counter] ?? 0;
        if (change > 0) slack.up[counter] += change;
        else slack.down[counter] -= change;
      }
    }
    const query: Query =
      dialect === 'sqlite'
        ? sqliteQuery(path.join(dataDir, 'liner.db'))
        : <T>(text: string) => pgQuery<T>(text, schema);
    const checks = await checkDatabase(query, tally, slack);
    for (const check of checks) log(`${dialect}: ${check.ok ? '✓' : '✗'} ${check.text}`);

    const reads = times.read.length / result.duration;
    const writes = times.write.length / result.duration;
    const errors = result.errors + result.timeouts + unexpected;
    const trouble = serverTrouble(logFile);
    keepLog = errors > 0 || trouble.problems.length > 0 || checks.some((c) => !c.ok);
    const notes = [
      `${dialect}: ${unanswered.size} request(s) were in flight when autocannon stopped: finished by the server, ` +
        'not in the figures, allowed for in the checks',
      `${dialect}: ${trouble.slow} request(s) logged as slow (≥ ${process.env.LOG_SLOW_REQUEST_MS ?? 1000} ms)`,
      ...trouble.problems.map((f) => `${dialect}: server log: ${f}`),
    ];
    if (keepLog) notes.push(`${dialect}: server log kept at ${logFile}`);
    return {
      dialect,
      reference,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      reads,
      writes,
      readP99: percentile(times.read, 0.99),
      writeP99: percentile(times.write, 0.99),
      refusals,
      errors,
      checks,
      memory: { idleMb, peakMb },
      byOp: [...byOp]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(
          ([name, s]) =>
            `| ${dialect} | ${name} | ${s.times.length} | ${percentile(s.times, 0.5).toFixed(1)} | ` +
            `${percentile(s.times, 0.99).toFixed(1)} | ${[...s.statuses].map(([k, n]) => `${n} × ${k}`).join(', ')} |`,
        ),
      notes,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (!keepLog) rmSync(logFile, { force: true });
    if (schema) await pgQuery(`drop schema ${schema} cascade`);
  }
}

/** Read-only, on the file the stopped server left. */
function sqliteQuery(file: string): Query {
  return async <T>(text: string) => {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(text).all() as T[];
    } finally {
      db.close();
    }
  };
}

/** Bundles the server when its build is missing or stale, as `npm start` does (scripts/lib.mjs). */
function ensureServerBuild(): void {
  const script = "import { ensureServerBuild } from './scripts/lib.mjs'; ensureServerBuild();";
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: 'inherit' });
}

async function main() {
  ensureServerBuild();
  const results = [await benchDialect('sqlite')];
  const notes: string[] = [];
  if (PG_URL) results.push(await benchDialect('postgres'));
  else notes.push('postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  const ms = (v: number) => v.toFixed(1);
  const out = [
    `### Mixed signed-in workload (${ALBUMS.toLocaleString('en')} albums, ${USERS} people; autocannon, ${CONNECTIONS} connections, ${SECONDS} s, loopback; 70 % reads, 30 % writes)`,
    '',
    '| dialect | req/s | p50 ms | p99 ms | reads/s | writes/s | read p99 ms | write p99 ms | expected refusals | errors | checks | reference req/s | RSS idle / peak MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.dialect} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${Math.round(r.reads)} | ${Math.round(r.writes)} | ` +
        `${ms(r.readP99)} | ${ms(r.writeP99)} | ${r.refusals} | ${r.errors} | ` +
        `${r.checks.filter((c) => c.ok).length}/${r.checks.length} ${r.checks.every((c) => c.ok) ? '✓' : '✗'} | ` +
        `${Math.round(r.reference)} | ${r.memory.idleMb} / ${r.memory.peakMb} |`,
    ),
    '',
    "*reference*: anonymous `GET /api/config`, the same server's cheapest route, for 3 s just before: what the machine allowed. " +
      "*RSS*: the server process's resident memory once the people had signed up, and its peak (VmHWM) by the end of the load.",
    '',
    '#### By operation (latency from the request being built to its answer)',
    '',
    '| dialect | operation | answered | p50 ms | p99 ms | other answers |',
    '|---|---|---:|---:|---:|---|',
    ...results.flatMap((r) => r.byOp),
    '',
    '#### Checks (in the database, after the run)',
    '',
    ...results.flatMap((r) => r.checks.map((c) => `- ${r.dialect} ${c.ok ? '✓' : '✗'} ${c.text}`)),
    '',
    ...[...results.flatMap((r) => r.notes), ...notes].map((n) => `- ${n}`),
    `- machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load generator and server share the cores`,
  ];
  console.log(out.join('\n'));
  if (results.some((r) => r.errors > 0 || r.checks.some((c) => !c.ok))) process.exitCode = 1;
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(stopAll);
