import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CLI_ENTRY, SERVER_ENTRY } from './test/server-bundle.ts';
import { createServerData, type ServerData, type ServerProcess, signUp, startServer } from './test/server-process.ts';

/**
 * The bundle `npm start` and `npm run cli` run (scripts/build-server.mjs, ADR 28), started as
 * processes: apps/server/dist as CI's build step left it, or as test/global-setup-bundle.ts rebuilt
 * it when it was older than the source. What only the bundle can get wrong: paths found from
 * import.meta (seed, web build, data), packages left in node_modules (Better Auth, sharp, Swagger
 * UI's files), the bundled migrations and the CLI's lazily loaded chunks.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const pgUrl = process.env.TEST_DATABASE_URL;
let webDir: string;
let data: ServerData;
let server: ServerProcess;

beforeAll(async () => {
  // A web build of our own: this test must not depend on `npm run build` having run.
  webDir = mkdtempSync(path.join(tmpdir(), 'liner-bundle-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>liner bundle test</title>');
  // Empty: the bundle's own start-up must find its migrations and the seed catalogue's files.
  data = await createServerData('bundle', { empty: true });
  server = await startServer(data, undefined, { entry: SERVER_ENTRY, env: { WEB_DIST_DIR: webDir } });
});

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await data?.dispose();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

it('serves the API, a page of the web app and the API reference', async () => {
  const health = await fetch(`${server.base}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });

  const page = await fetch(`${server.base}/albums/anything`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('liner bundle test');

  const docs = await fetch(`${server.base}/api/docs/`);
  expect(docs.status).toBe(200);
  expect(await docs.text()).toContain('swagger-ui');
  // Swagger UI's own files come from its package directory, which the bundle leaves in node_modules.
  expect((await fetch(`${server.base}/api/docs/static/swagger-ui-bundle.js`)).status).toBe(200);
});

it('loads the seed catalogue and signs people up', async () => {
  const album = await fetch(`${server.base}/api/music/albums/miles-davis-kind-of-blue`);
  expect(album.status).toBe(200);
  expect(await album.json()).toMatchObject({ name: 'Kind of Blue', artistName: 'Miles Davis' });

  const { cookie } = await signUp(server.base, 'bundle', '10.77.0.1');
  const session = await fetch(`${server.base}/api/auth/get-session`, { headers: { cookie } });
  expect(await session.json()).toMatchObject({ user: { email: 'bundle@example.com' } });
});

it('runs the bundled CLI against the same database', async () => {
  await signUp(server.base, 'operator', '10.77.0.2');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: data.dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' };
  if (pgUrl && data.schema) Object.assign(env, { DATABASE_URL: pgUrl, DATABASE_SCHEMA: data.schema });
  if (!env.DATABASE_URL) delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...CLI_ENTRY, 'role', 'set', 'operator@example.com', 'admin'],
    { cwd: root, env },
  );
  expect(stdout).toContain('operator@example.com is now an admin');
});

it('imports a file through the bundled worker thread, and reads it in the background', async () => {
  const { cookie } = await signUp(server.base, 'importer', '10.77.0.3');
  const csv =
    'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type,Review\n' +
    '"1","Miles","Davis","","","Kind of Blue","1959","9","o","","",""\n';
  const form = new FormData();
  form.append('source', 'rym');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'rym.csv');
  const upload = await fetch(`${server.base}/api/imports`, {
    method: 'POST',
    headers: { cookie, origin: server.base, 'x-forwarded-for': '10.77.0.3' },
    body: form,
  });
  expect(upload.status).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  // The server's own reader takes the job as soon as it is stored.
  let job: { status?: string; matched?: number } = {};
  for (let i = 0; i < 100 && job.status !== 'done'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await (await fetch(`${server.base}/api/imports/${id}`, { headers: { cookie } })).json()) as typeof job;
  }
  expect(job).toMatchObject({ status: 'done', matched: 1 });
});
