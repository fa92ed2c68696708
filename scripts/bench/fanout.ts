/**
 * Federation fan-out benchmark (issue: delivery to 10,000 followers across 1,000 servers does not
 * hold a request): `npm run bench:fanout`.
 *
 * One liner server on SQLite (or PostgreSQL with BENCH_DATABASE_URL, in a throw-away schema) with
 * FEDERATION on, and one local HTTP server standing in for 1,000 fediverse servers (a shared inbox
 * each, answering 202 at once). A member gets 10,000 remote followers (written in bulk, 10 per
 * server), then posts a public note. Measures:
 *   - the note's POST, which must not wait for any delivery;
 *   - how long until every server's shared inbox got the Create (the queue's drain time), and how
 *     many deliveries that took (one per shared inbox, not one per follower);
 *   - the latency of `GET /api/config` (the server's cheapest route) before and during the drain,
 *     and of a bare Node server in the same run, so the ratio says what delivery costs others.
 * BENCH_FANOUT_SLOW_EVERY=10 makes every tenth server answer after BENCH_FANOUT_SLOW_MS (500).
 * Prints markdown.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { freePort } from '../../apps/server/src/test/free-port.ts';
import { log, startServer, stop, stopAll } from './harness.ts';
import { signUp } from './mixed-workload.ts';

const FOLLOWERS = Number(process.env.BENCH_FANOUT_FOLLOWERS ?? 10_000);
const SERVERS = Number(process.env.BENCH_FANOUT_SERVERS ?? 1_000);
const SAMPLE_EVERY_MS = 25;
/** Every Nth server answers only after SLOW_MS (0: none): how a slow server weighs on the others. */
const SLOW_EVERY = Number(process.env.BENCH_FANOUT_SLOW_EVERY ?? 0);
const SLOW_MS = Number(process.env.BENCH_FANOUT_SLOW_MS ?? 500);

const percentiles = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), n: sorted.length };
};
const ms = (n: number) => n.toFixed(1);

/** 1,000 servers on one port, each at a loopback address of its own (its path /s{k}/ names it); counts what reaches each. */
function startFediverse(port: number) {
  const deliveries = new Map<string, number>();
  let last = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const server = Number(/^\/s(\d+)\//.exec(request.url ?? '')?.[1] ?? -1);
      const slow = SLOW_EVERY > 0 && server % SLOW_EVERY === 0;
      setTimeout(
        () => {
          if (request.method === 'POST') {
            deliveries.set(request.url ?? '', (deliveries.get(request.url ?? '') ?? 0) + 1);
            last = performance.now();
          }
          response.writeHead(202).end();
        },
        slow ? SLOW_MS : 0,
      );
    });
  });
  return new Promise<{ deliveries: Map<string, number>; lastAt: () => number; close: () => void }>((resolve) =>
    server.listen(port, '0.0.0.0', () => resolve({ deliveries, lastAt: () => last, close: () => server.close() })),
  );
}

function startBare(port: number) {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  return new Promise<http.Server>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Everyone's remote followers, written beside the server as its own writes would have left them. */
function addRemoteFollowers(dbFile: string, memberId: string, fediversePort: number): void {
  const db = new Database(dbFile);
  db.pragma('busy_timeout = 10000');
  const now = new Date().toISOString();
  const insertUser = db.prepare(
    `insert into "user" (id, name, email, "emailVerified", image, role, "suspendedAt", "createdAt", "updatedAt")
     values (?, ?, ?, 0, null, 'user', null, ?, ?)`,
  );
  const insertProfile = db.prepare(
    `insert into profiles (user_id, display_name, display_name_key, bio, picture_url, setup_complete, created_at)
     values (?, ?, ?, '', null, 1, ?)`,
  );
  const insertActor = db.prepare(
    `insert into remote_actors (user_id, uri, handle, host, inbox_uri, shared_inbox_uri, followers_uri, profile_url, fetched_at)
     values (?, ?, ?, ?, ?, ?, null, null, ?)`,
  );
  const insertFollow = db.prepare('insert into follows (follower_id, following_id, created_at) values (?, ?, ?)');
  db.transaction(() => {
    for (let i = 0; i < FOLLOWERS; i++) {
      const server = i % SERVERS;
      const id = `fanout${i.toString(16).padStart(27, '0')}`;
      // A server of its own origin (Fedify orders deliveries per origin): 127.0.0.0/8 is all loopback.
      const host = `127.0.${Math.floor(server / 250) + 1}.${(server % 250) + 1}:${fediversePort}`;
      const name = `f${i}@s${server}.${host}`;
      const base = `http://${host}/s${server}`;
      insertUser.run(id, name, `${id}@remote.invalid`, now, now);
      insertProfile.run(id, name, name.toLowerCase(), now);
      insertActor.run(id, `${base}/users/f${i}`, `f${i}`, host, `${base}/users/f${i}/inbox`, `${base}/inbox`, now);
      insertFollow.run(id, memberId, now);
    }
    db.prepare('update profiles set follower_count = follower_count + ? where user_id = ?').run(FOLLOWERS, memberId);
  })();
  db.close();
}

async function sampleLatency(url: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    await fetch(url).then((res) => res.arrayBuffer());
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  return times;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'liner-bench-fanout-'));
  const [port, fediversePort, barePort] = await Promise.all([freePort(), freePort(), freePort()]);
  const base = `http://127.0.0.1:${port}`;
  const fediverse = await startFediverse(fediversePort);
  const bare = await startBare(barePort);
  const server = await startServer(
    'apps/server/src/main.ts',
    {
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      FEDERATION: 'on',
      FEDERATION_ALLOW_PRIVATE: 'on',
      MUSICBRAINZ: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_WRITES: '0',
      DATABASE_URL: '',
    },
    port,
  );
  try {
    const member = await signUp(base, 1);
    log(`writing ${FOLLOWERS} remote followers on ${SERVERS} servers`);
    addRemoteFollowers(path.join(dataDir, 'liner.db'), member.id, fediversePort);

    const idle = await sampleFor(`${base}/api/config`, 2000);
    const bareIdle = await sampleFor(`http://127.0.0.1:${barePort}/`, 2000);

    log('posting a public note');
    const posted = performance.now();
    const res = await fetch(`${base}/api/posts`, {
      method: 'POST',
      headers: {
        origin: base,
        cookie: member.cookie,
        'x-forwarded-for': member.ip,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ title: 'To everyone', content: 'Ten thousand of you.', visibility: 'public' }),
    });
    const postMs = performance.now() - posted;
    if (res.status !== 201) throw new Error(`post: ${res.status} ${await res.text()}`);

    let done = false;
    const during = sampleLatency(`${base}/api/config`, () => done);
    const deadline = Date.now() + 10 * 60_000;
    while (fediverse.deliveries.size < SERVERS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    done = true;
    const drainMs = fediverse.lastAt() - posted;
    const duringTimes = percentiles(await during);
    const total = [...fediverse.deliveries.values()].reduce((sum, n) => sum + n, 0);
    const idleTimes = percentiles(idle);
    const bareTimes = percentiles(bareIdle);

    console.log(
      `## Fan-out: one public note to ${FOLLOWERS.toLocaleString('en')} followers on ${SERVERS.toLocaleString('en')} servers\n`,
    );
    const slowNote = SLOW_EVERY > 0 ? ` Every ${SLOW_EVERY}th server answers after ${SLOW_MS} ms.` : '';
    console.log(`SQLite, ${os.cpus().length} cores, ${new Date().toISOString()}.${slowNote}\n`);
    console.log('| measure | value |');
    console.log('|---|---:|');
    console.log(`| \`POST /api/posts\` (answered before any delivery) | ${ms(postMs)} ms |`);
    console.log(
      `| servers reached | ${fediverse.deliveries.size.toLocaleString('en')} of ${SERVERS.toLocaleString('en')} |`,
    );
    console.log(`| deliveries made (one per shared inbox) | ${total.toLocaleString('en')} |`);
    console.log(`| queue drain, post to last delivery | ${(drainMs / 1000).toFixed(1)} s |`);
    console.log(`| deliveries per second | ${Math.round(total / (drainMs / 1000)).toLocaleString('en')} |`);
    console.log(`| \`GET /api/config\` idle, p50 / p95 | ${ms(idleTimes.p50)} / ${ms(idleTimes.p95)} ms |`);
    console.log(
      `| \`GET /api/config\` during the drain, p50 / p95 (${duringTimes.n} samples) | ${ms(duringTimes.p50)} / ${ms(duringTimes.p95)} ms |`,
    );
    console.log(`| bare Node server, p50 / p95 | ${ms(bareTimes.p50)} / ${ms(bareTimes.p95)} ms |`);
  } finally {
    await stop(server);
    fediverse.close();
    bare.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function sampleFor(url: string, durationMs: number): Promise<number[]> {
  const until = Date.now() + durationMs;
  return sampleLatency(url, () => Date.now() > until);
}

main().catch((error: unknown) => {
  console.error(error);
  stopAll();
  process.exitCode = 1;
});
