import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { freePort } from './test/free-port.ts';
import { SERVER_ENTRY } from './test/server-bundle.ts';
import {
  type Answer,
  createServerData,
  request,
  signUp,
  startServer as startServerProcess,
} from './test/server-process.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'liner-shutdown-'));
const schema = `shutdown_${process.env.LINER_TEST_RUN ?? process.pid}_${randomBytes(5).toString('hex')}`;
const pgUrl = process.env.TEST_DATABASE_URL;

async function withPg(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(port: number): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '1',
  };
  if (pgUrl) {
    env.DATABASE_URL = pgUrl;
    env.DATABASE_SCHEMA = schema;
  } else delete env.DATABASE_URL;
  const child = spawn(process.execPath, SERVER_ENTRY, {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, exited };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

it('on SIGTERM finishes in-flight requests, keeps every acknowledged write and exits 0', async () => {
  if (pgUrl) await withPg(`create schema ${schema}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const first = await startServer(port);

  // Twenty sign-ups (each a multi-row write) race the shutdown signal.
  const signUps = Array.from({ length: 20 }, (_, i) =>
    fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': `10.9.0.${i}` },
      body: JSON.stringify({
        name: `shutdown_${i}`,
        email: `shutdown${i}@example.com`,
        password: 'a long enough passphrase 42',
      }),
    }).then(async (r) => ({ i, status: r.status })),
  );
  await new Promise((r) => setTimeout(r, 40));
  first.child.kill('SIGTERM');
  const results = await Promise.allSettled(signUps);
  expect(await first.exited).toBe(0);

  const acknowledged = results.flatMap((r) => (r.status === 'fulfilled' && r.value.status === 200 ? [r.value.i] : []));
  for (const r of results) if (r.status === 'fulfilled') expect([200, 503]).toContain(r.value.status);

  // Every sign-up that was answered 200 can log in after a restart.
  const second = await startServer(port);
  try {
    for (const i of acknowledged) {
      const res = await fetch(`${base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': `10.8.0.${i}` },
        body: JSON.stringify({ email: `shutdown${i}@example.com`, password: 'a long enough passphrase 42' }),
      });
      expect(res.status, `user ${i}`).toBe(200);
    }
  } finally {
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }
}, 60_000);

it('SIGTERM under load: 50 keep-alive clients writing notes get a full answer or a refused connection, never a reset, and every acknowledged note survives', async () => {
  const data = await createServerData('sigterm');
  try {
    const first = await startServerProcess(data);
    const users = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signUp(first.base, `load_${i}`, `10.7.0.${i + 1}`)),
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    let exited = false;
    void first.exited.then(() => {
      exited = true;
    });
    const outcomes: { title: string; answer: Answer }[] = [];
    const clients = Array.from({ length: 50 }, async (_, c) => {
      const user = users[c % users.length] as { cookie: string };
      for (let n = 0; !exited; n++) {
        const title = `load c${c} n${n}`;
        const answer = await request(first.base, 'POST', '/api/posts', {
          body: { title, content: 'written while the server shuts down' },
          cookie: user.cookie,
          ip: `10.7.1.${c + 1}`,
          agent,
        });
        outcomes.push({ title, answer });
        // Refused: the server has stopped listening; nothing more will be answered.
        if (answer.error === 'ECONNREFUSED') break;
      }
    });
    // Every client busy on its keep-alive socket when the signal comes: wait for the load to be
    // under way (more than fifty notes acknowledged) rather than for a fixed time, which a busy
    // CI machine may spend starting the clients.
    const underWay = () => outcomes.filter((o) => o.answer.status === 201).length > 50;
    for (let waited = 0; !underWay() && waited < 20_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await Promise.all(clients);
    agent.destroy();

    const acknowledged = outcomes.filter((o) => o.answer.status === 201).map((o) => o.title);
    const failed = outcomes.filter((o) => o.answer.error);
    expect(acknowledged.length).toBeGreaterThan(50);
    for (const { title, answer } of outcomes) {
      // A full answer (201, or 503 once closing), or a connection refused before anything was sent.
      // A fresh connection still waiting in the listen queue when the listener closes is reset by
      // the kernel before the server reads it (checked below: nothing of it was written); a
      // kept-alive one is never reset (the defect: idle keep-alive sockets dropped at SIGTERM
      // while their client was sending).
      const fresh = answer.error === 'ECONNRESET' && !answer.reusedSocket;
      expect(fresh ? 'fresh connection reset unread' : (answer.error ?? answer.status), title).toBeOneOf([
        201,
        503,
        'ECONNREFUSED',
        'fresh connection reset unread',
      ]);
    }
    const second = await startServerProcess(data, first.port);
    try {
      const stored = new Set(
        (await data.query<{ title: string }>("select title from posts where title like 'load %'")).map((r) => r.title),
      );
      for (const title of acknowledged) expect(stored.has(title), title).toBe(true);
      // Nothing written without its answer reaching the client: no request was cut mid-way.
      for (const { title } of failed) expect(stored.has(title), title).toBe(false);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  } finally {
    await data.dispose();
  }
}, 60_000);
