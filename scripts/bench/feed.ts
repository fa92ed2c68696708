/**
 * Activity feed benchmark (DESIGN.md, Performance budgets): `npm run bench:feed`.
 *
 * PostgreSQL only (BENCH_DATABASE_URL or TEST_DATABASE_URL, in a throw-away schema): 10,000 people
 * each following 100 others, 20 activities each (200,000 entries of every kind over 30 days) on
 * 2,000 generated albums. Measures one request at a time:
 *   - `GET /api/feed` through the real server, for BENCH_FEED_SIGNED_IN (50) people signed up over
 *     HTTP, who are part of the 10,000 (signing 10,000 people in would measure password hashing);
 *     first pages, and second pages with the first page's cursor;
 *   - the feed's query itself (feed.repository.ts) for 1,000 random people of the 10,000.
 * Then prints the query's EXPLAIN ANALYZE for one of them (it must walk indexes, not the log).
 * Target: p95 under 50 ms. Prints markdown.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/schema.ts';
import { listActivities } from '../../apps/server/src/modules/social/feed.repository.ts';
import { freePort } from '../../apps/server/src/test/free-port.ts';
import { log, random, run, startServer, stop, stopAll } from './harness.ts';
import { signUp } from './mixed-workload.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const USERS = 10_000;
const FOLLOWS = 100;
const PER_USER = 20;
const ALBUMS = 2_000;
const SIGNED_IN = Number(process.env.BENCH_FEED_SIGNED_IN ?? 50);
const REQUESTS = Number(process.env.BENCH_FEED_REQUESTS ?? 1_000);

const percentiles = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
};
const ms = (n: number) => n.toFixed(2);

/** Everyone beyond the signed-up few, their follows and their activity, written in bulk. */
async function populate(client: pg.Client): Promise<void> {
  const now = new Date().toISOString();
  await client.query(
    `insert into "user" (id, name, email, "emailVerified", image, role, "createdAt", "updatedAt")
     select 'bench-user-' || n, 'bench_u' || n, 'bench_u' || n || '@bench.test', true, null, 'user', now(), now()
     from generate_series(1, $1::int) n`,
    [USERS - SIGNED_IN],
  );
  await client.query(
    `insert into profiles (user_id, display_name, display_name_key, bio, picture_url, setup_complete, created_at)
     select id, name, lower(name), '', null, 1, $1 from "user" where id like 'bench-user-%'`,
    [now],
  );
  await client.query(
    'create temporary table numbered as select (row_number() over (order by id)) - 1 as n, id from "user"',
  );
  await client.query('create index on numbered (n)');
  // 100 distinct others each: k·7919 mod 9,999 never repeats for k < 100 (7919 is prime to 9,999).
  await client.query(
    `insert into follows (follower_id, following_id, created_at)
     select a.id, b.id, $2 from numbered a cross join generate_series(0, $1::int - 1) k
     join numbered b on b.n = (a.n + 1 + (k * 7919 + a.n * 31) % ${USERS - 1}) % ${USERS}`,
    [FOLLOWS, now],
  );
  await client.query(
    `update profiles p set following_count = $1, follower_count = c.n
     from (select following_id, count(*) n from follows group by following_id) c where c.following_id = p.user_id`,
    [FOLLOWS],
  );
  // Every kind of entry, spread over the last 30 days; rated_album one per album and day.
  await client.query(
    `insert into activities (id, user_id, action, target_id, album_id, day, data, created_at)
     select 'bench-act-' || u.n || '-' || j, u.id, a.action,
       case a.action
         when 'rated_album' then 'gen-' || album
         when 'followed_user' then (select id from numbered where n = (u.n + 1 + j) % ${USERS})
         else 'bench-target-' || u.n || '-' || j end,
       case when a.action in ('rated_album', 'new_review') then 'gen-' || album end,
       case when a.action = 'rated_album' then 'd' || j end,
       case a.action
         when 'rated_album' then '{"rating":4.5}'
         when 'created_list' then '{"listTitle":"A list"}'
         else '{"postTitle":"A post"}' end,
       to_char((now() - random() * interval '30 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
     from numbered u cross join generate_series(0, $1::int - 1) j
     cross join lateral (select (array['rated_album','new_review','new_note','created_list','followed_user'])[1 + j % 5] as action,
       1 + ((u.n * 37 + j * 101) % ${ALBUMS}) as album) a`,
    [PER_USER],
  );
  // The lists those entries are about (a feed shows public lists only).
  await client.query(
    `insert into lists (id, user_id, title, description, kind, ranked, visibility, created_at, updated_at)
     select target_id, user_id, 'A list', '', 'album', 0, 'public', created_at, created_at
     from activities where action = 'created_list'`,
  );
  // As autovacuum would leave them: statistics, and a visibility map for index-only scans.
  await client.query('vacuum analyze');
}

/** One GET at a time over a kept-alive connection, as one person's browser would. */
function getter(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (p: string, cookie: string) =>
    new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: p, agent, headers: { cookie } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${p}: ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

async function main() {
  if (!PG_URL) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL database');
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'liner-bench-feed-'));
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: PG_URL,
    DATABASE_SCHEMA: schema,
    LOG_LEVEL: 'info',
    MUSICBRAINZ: 'off',
    RATE_LIMIT_WRITES: '0',
    RATE_LIMIT_SEARCHES: '0',
    // Each person signs up from an address of their own (Better Auth's per-address limit).
    TRUST_PROXY: '1',
  };
  const pool = new pg.Pool({ connectionString: PG_URL, max: 1, options: `-c search_path=${schema}` });
  let captured: CompiledQuery | undefined;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      captured = event.query;
    },
  });
  const started = performance.now();
  try {
    log(`generating ${ALBUMS} albums`);
    await run(['apps/server/src/cli/main.ts', 'catalog', 'generate', '--albums', String(ALBUMS)], env);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer('apps/server/src/main.ts', { ...env, PUBLIC_URL: base }, port);
    try {
      log(`signing up ${SIGNED_IN} people`);
      const people = [];
      for (let n = 0; n < SIGNED_IN; n += 5) {
        people.push(
          ...(await Promise.all(Array.from({ length: Math.min(5, SIGNED_IN - n) }, (_, i) => signUp(base, n + i)))),
        );
      }
      log(`writing ${USERS} people, ${USERS * FOLLOWS} follows, ${USERS * PER_USER} activities`);
      const client = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
      await client.connect();
      const populating = performance.now();
      await populate(client);
      const populated = ((performance.now() - populating) / 1000).toFixed(1);
      const ids = (await client.query<{ id: string }>('select id from "user" order by id')).rows.map((r) => r.id);
      await client.end();

      const rand = random(17);
      const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)] as T;
      const { get, close } = getter(port);
      log(`GET /api/feed, ${REQUESTS} first pages and ${REQUESTS} second pages`);
      const cursors = new Map<string, string>();
      for (const person of people) {
        const page = JSON.parse(await get('/api/feed', person.cookie));
        if (page.entries.length !== 20 || !page.nextCursor) throw new Error(`${person.name}'s feed is not full`);
        cursors.set(person.cookie, page.nextCursor);
      }
      const first: number[] = [];
      const second: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const person = pick(people);
        let t0 = performance.now();
        await get('/api/feed', person.cookie);
        first.push(performance.now() - t0);
        t0 = performance.now();
        await get(`/api/feed?cursor=${encodeURIComponent(cursors.get(person.cookie) ?? '')}`, person.cookie);
        second.push(performance.now() - t0);
      }
      close();

      log(`the feed query for ${REQUESTS} random people of ${USERS}`);
      const query: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const who = pick(ids);
        await listActivities(db, 'postgres', { viewerId: who, followerId: who, limit: 21 });
        query.push(performance.now() - t0);
      }
      const who = pick(ids);
      await listActivities(db, 'postgres', { viewerId: who, followerId: who, limit: 21 });
      const plan = captured
        ? (await pool.query(`explain (analyze, costs off) ${captured.sql}`, [...captured.parameters])).rows
            .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'])
            .join('\n')
        : '(no query captured)';

      const rows = [
        ['GET /api/feed, first page (HTTP, signed in)', percentiles(first)],
        ['GET /api/feed, second page (HTTP, cursor)', percentiles(second)],
        ['feed query only (feed.repository.ts)', percentiles(query)],
      ] as const;
      const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
      console.log(`### Activity feed (\`npm run bench:feed\`, ${date} UTC)\n`);
      console.log(
        `PostgreSQL; ${USERS.toLocaleString('en')} people × ${FOLLOWS} follows, ${PER_USER} activities each ` +
          `(${(USERS * PER_USER).toLocaleString('en')}); one request at a time, ${REQUESTS} of each; HTTP for ` +
          `${SIGNED_IN} people signed up through the API and part of the ${USERS.toLocaleString('en')}.\n`,
      );
      console.log('| measured | p50 ms | p95 ms | p99 ms | target p95 |');
      console.log('|---|---:|---:|---:|---|');
      for (const [name, p] of rows) {
        console.log(`| ${name} | ${ms(p.p50)} | ${ms(p.p95)} | ${ms(p.p99)} | ${p.p95 < 50 ? '< 50 ✓' : '≥ 50 ✗'} |`);
      }
      console.log(
        `\n- writing the people, follows and activities took ${populated} s; the whole run ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      console.log(`\nThe feed's plan for one person (EXPLAIN ANALYZE):\n\n\`\`\`\n${plan}\n\`\`\``);
    } finally {
      await stop(server);
    }
  } finally {
    await db.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  stopAll();
  console.error(error);
  process.exit(1);
});
