import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { freePort } from './free-port.ts';
import { SERVER_ENTRY } from './server-bundle.ts';
import { SUITE_ENV } from './suite-env.ts';
import { TEMPLATE_ENV } from './template-database.ts';

/**
 * The real server (`main.ts`) as a child process, for tests of what only a process can show:
 * signals, kill -9, restarts on the same data. One database per test file, kept across restarts:
 * a SQLite data directory holding a copy of the run's template (test/template-database.ts), or a
 * PostgreSQL schema when TEST_DATABASE_URL is set (named after the run, so test/global-setup.ts
 * drops it), which the server migrates and seeds at its first start.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const pgUrl = process.env.TEST_DATABASE_URL;

export interface ServerData {
  dataDir: string;
  schema?: string;
  /** Runs one query on the server's database from the outside (SQLite file or PostgreSQL schema). */
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
  dispose(): Promise<void>;
}

export interface ServerDataOptions {
  /** Nothing in the database: the server's own start-up migrates it and loads the seed. */
  empty?: boolean;
}

export async function createServerData(prefix: string, options: ServerDataOptions = {}): Promise<ServerData> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `liner-${prefix}-`));
  if (!pgUrl) {
    // The run's migrated and seeded template (test/template-database.ts), as test apps start from.
    const template = options.empty ? undefined : process.env[TEMPLATE_ENV];
    if (template) copyFileSync(template, path.join(dataDir, 'liner.db'));
    return {
      dataDir,
      async query<R>(sql: string, params: unknown[] = []) {
        // Read-write: after a kill -9 the first connection recovers the WAL.
        const db = new SqliteDatabase(path.join(dataDir, 'liner.db'));
        try {
          return db.prepare(sql).all(...params) as R[];
        } finally {
          db.close();
        }
      },
      async dispose() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `test_${process.env.LINER_TEST_RUN ?? process.pid}_${prefix}_${randomBytes(4).toString('hex')}`;
  const withClient = async <T>(run: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: pgUrl, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  };
  await withClient((client) => client.query(`create schema ${schema}`));
  return {
    dataDir,
    schema,
    async query<R>(sql: string, params: unknown[] = []) {
      // $1, $2 on PostgreSQL for the ? placeholders both dialects' tests write.
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${++n}`);
      return withClient(async (client) => (await client.query(text, params)).rows as R[]);
    },
    async dispose() {
      // The schema is dropped with the run's others (test/global-setup.ts).
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  /** Exit code, or the signal's name when killed by one. */
  exited: Promise<number | string | null>;
}

export interface StartOptions {
  /** Node's arguments: the built server (test/server-bundle.ts) unless told. */
  entry?: readonly string[];
  env?: NodeJS.ProcessEnv;
}

export async function startServer(data: ServerData, port?: number, options: StartOptions = {}): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...SUITE_ENV,
    PORT: String(listenOn),
    HOST: '127.0.0.1',
    DATA_DIR: data.dataDir,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '1',
    MUSICBRAINZ: 'off',
    ...options.env,
  };
  if (pgUrl && data.schema) {
    env.DATABASE_URL = pgUrl;
    env.DATABASE_SCHEMA = data.schema;
  } else delete env.DATABASE_URL;
  const child = spawn(process.execPath, options.entry ?? SERVER_ENTRY, {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  const base = `http://127.0.0.1:${listenOn}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, port: listenOn, exited };
    } catch {}
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

export interface Answer {
  status?: number;
  body?: unknown;
  /** Set when no response arrived: ECONNREFUSED, ECONNRESET, … */
  error?: string;
  /** The request went out on a kept-alive connection that had already carried one. */
  reusedSocket?: boolean;
  headers?: http.IncomingHttpHeaders;
}

/** One JSON request over node:http (errors keep their codes, unlike fetch's 'fetch failed'). */
export function request(
  base: string,
  method: string,
  urlPath: string,
  options: { body?: unknown; cookie?: string; ip?: string; agent?: http.Agent } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      `${base}${urlPath}`,
      {
        method,
        agent: options.agent,
        headers: {
          origin: base,
          'x-forwarded-for': options.ip ?? '10.254.0.1',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {}
          resolve({ status: res.statusCode, body, headers: res.headers });
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, reusedSocket: req.reusedSocket }),
    );
    req.end(payload);
  });
}

/** Signs a user up and returns the session cookie. */
export async function signUp(base: string, name: string, ip: string): Promise<{ id: string; cookie: string }> {
  const answer = await request(base, 'POST', '/api/auth/sign-up/email', {
    body: { name, email: `${name}@example.com`, password: 'a long enough passphrase 42' },
    ip,
  });
  if (answer.status !== 200) throw new Error(`sign-up failed: ${answer.status ?? answer.error}`);
  const cookies = answer.headers?.['set-cookie'] ?? [];
  return {
    id: (answer.body as { user: { id: string } }).user.id,
    cookie: cookies.map((c) => c.split(';')[0]).join('; '),
  };
}
