import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { startCuttableProxy } from '../test/cuttable-proxy.ts';
import { SUITE_ENV } from '../test/suite-env.ts';
import { call, createUser, type TestUser } from '../test/users.ts';

// The database busy or gone: every route answers at once, 503 with
// Retry-After where it needs the database, never 500; the server recovers on its own.

const ALBUM = 'miles-davis-kind-of-blue';

async function timed<T>(run: () => Promise<T>): Promise<T & { ms: number }> {
  const started = performance.now();
  const result = await run();
  return { ...result, ms: performance.now() - started };
}

/**
 * Another process holding SQLite's write lock (BEGIN IMMEDIATE, one row written) until released:
 * what a second server instance or the CLI does during a long import.
 */
async function holdWriteLock(file: string): Promise<{ release(): Promise<void> }> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const script = `
    const Database = require(${JSON.stringify(driver)});
    const db = new Database(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    db.prepare("insert into artists (id, name, sort_name) values ('lock-holder', 'Lock', 'Lock')").run();
    process.stdout.write('locked\\n');
    process.stdin.on('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });
  `;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited early (${code})`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    async release() {
      child.stdin?.write('go\n');
      await exited;
    },
  };
}

describe.runIf(!process.env.TEST_DATABASE_URL)('SQLite write lock held by another process', () => {
  let t: TestApp;
  let ana: TestUser;
  let bo: TestUser;
  let track = '';

  beforeAll(async () => {
    t = await createTestApp({ env: SUITE_ENV });
    ana = await createUser(t);
    bo = await createUser(t);
    track = (await call(t, `/api/music/albums/${ALBUM}`)).body.tracks[0].id;
  });
  afterAll(async () => t.close());

  it('answers writes 503 with Retry-After within a second while reads and /api/health answer 200, and writes work after release', async () => {
    const lock = await holdWriteLock(`${t.database.dataDir}/liner.db`);
    try {
      const pendingWrites = Promise.all([
        timed(() => call(t, '/api/posts', { body: { title: 'Locked', content: 'out' }, cookie: ana.cookie })),
        timed(() =>
          call(t, `/api/albums/${ALBUM}/tracks/${track}/rating`, {
            method: 'PUT',
            body: { rating: 8 },
            cookie: ana.cookie,
          }),
        ),
        timed(() => call(t, `/api/users/${bo.id}/follow`, { method: 'POST', body: {}, cookie: ana.cookie })),
      ]);
      // Reads while those writes wait for the lock.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const reads = await Promise.all([
        timed(() => call(t, '/api/health')),
        timed(() => call(t, '/api/music/top-albums')),
        timed(() => call(t, `/api/users/${bo.id}/follow`, { cookie: ana.cookie })),
        timed(() => call(t, '/api/users/me/profile', { cookie: ana.cookie })),
      ]);
      const writes = await pendingWrites;
      for (const write of writes) {
        expect(write.status, JSON.stringify(write.body)).toBe(503);
        expect(write.body.error).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message: 'The database is busy. Please try again shortly.',
        });
        expect(Number(write.response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(write.ms).toBeLessThan(1000);
      }
      for (const read of reads) {
        expect(read.status, JSON.stringify(read.body)).toBe(200);
        expect(read.ms).toBeLessThan(1000);
      }
      // Writes queued behind each other still leave /api/health answering within a second.
      const burst = Array.from({ length: 8 }, () =>
        call(t, '/api/posts', { body: { title: 'Burst', content: 'waiting' }, cookie: bo.cookie }),
      );
      const health = await timed(() => call(t, '/api/health'));
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(1000);
      for (const res of await Promise.all(burst)) expect(res.status).toBe(503);
    } finally {
      await lock.release();
    }
    const note = await call(t, '/api/posts', { body: { title: 'Unlocked', content: 'in' }, cookie: ana.cookie });
    expect(note.status).toBe(201);
    const rated = await call(t, `/api/albums/${ALBUM}/tracks/${track}/rating`, {
      method: 'PUT',
      body: { rating: 8 },
      cookie: ana.cookie,
    });
    expect(rated.status).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL down', () => {
  let t: TestApp;
  let ana: TestUser;
  let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;

  beforeAll(async () => {
    const real = new URL(process.env.TEST_DATABASE_URL as string);
    proxy = await startCuttableProxy({ host: real.hostname, port: Number(real.port || 5432) });
    await proxy.start();
    const viaProxy = new URL(real);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    // The test app's database is reached through the proxy (createTestDatabase reads this once).
    process.env.TEST_DATABASE_URL = viaProxy.toString();
    try {
      t = await createTestApp({ env: SUITE_ENV });
    } finally {
      process.env.TEST_DATABASE_URL = real.toString();
    }
    ana = await createUser(t);
  });
  afterAll(async () => {
    await proxy.restore();
    await t.close();
    await proxy.close();
  });

  const signedIn = () => [
    () => call(t, '/api/users/me/profile', { cookie: ana.cookie }),
    () => call(t, '/api/posts', { body: { title: 'Down', content: 'and out' }, cookie: ana.cookie }),
    // With Redis, the session itself is read from there and keeps answering (auth/redis-storage.ts).
    ...(t.config.redis ? [] : [() => call(t, '/api/auth/get-session', { cookie: ana.cookie })]),
    () => call(t, '/api/users/me/collection', { cookie: ana.cookie }),
  ];
  const anonymous = () => [
    // Readiness says so; liveness (/api/health) keeps answering 200, checked below.
    () => call(t, '/api/ready'),
    () => call(t, '/api/music/top-albums'),
    () => call(t, `/api/music/albums/${ALBUM}`),
    () => call(t, `/api/users/${ana.id}/follow`),
    () => call(t, '/api/auth/sign-in/email', { body: { email: ana.email, password: ana.password } }),
  ];

  /** Every route answers 503 + Retry-After within `limitMs`, twice round, then 200 again after restore. */
  async function expectDownThenBack(limitMs: number) {
    // Twice round: the first requests find out, the later ones are answered by the open circuit.
    for (let round = 0; round < 2; round++) {
      const answers = await Promise.all([...signedIn(), ...anonymous()].map((request) => timed(request)));
      for (const answer of answers) {
        const where = `${answer.response.url}: ${answer.status} ${JSON.stringify(answer.body)}`;
        expect(answer.status, where).toBe(503);
        expect(Number(answer.response.headers.get('retry-after')), where).toBeGreaterThan(0);
        expect(answer.ms, where).toBeLessThan(limitMs);
      }
    }
    const again = await timed(signedIn()[0] as () => ReturnType<typeof call>);
    expect(again.status).toBe(503);
    expect(again.ms).toBeLessThan(100);
    // The process is alive: a liveness probe must not restart every instance while the database is down.
    const alive = await timed(() => call(t, '/api/health'));
    expect(alive.status).toBe(200);
    expect(alive.body).toMatchObject({ status: 'degraded', database: { status: 'down' } });
    expect(alive.ms).toBeLessThan(limitMs);

    await proxy.restore();
    // Recovers on its own: the circuit lets a probe through within a second or two.
    let ready = await call(t, '/api/ready');
    for (let i = 0; i < 80 && ready.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ready = await call(t, '/api/ready');
    }
    expect(ready.status).toBe(200);
    expect((await call(t, '/api/health')).body).toMatchObject({ status: 'ok', database: { status: 'up' } });
    for (const request of signedIn()) {
      const answer = await request();
      expect([200, 201], `${answer.response.url}: ${answer.status}`).toContain(answer.status);
    }
  }

  it('answers every route 503 with Retry-After, fast, while the database refuses connections, and 200 again once it is back', async () => {
    expect((await call(t, '/api/users/me/profile', { cookie: ana.cookie })).status).toBe(200);
    await proxy.cut();
    await expectDownThenBack(1000);
  });

  it('answers within the 3 s connect timeout while the database host is a black hole, then in ms, and recovers', async () => {
    expect((await call(t, '/api/users/me/profile', { cookie: ana.cookie })).status).toBe(200);
    await proxy.swallow();
    await expectDownThenBack(3500);
  });
});
