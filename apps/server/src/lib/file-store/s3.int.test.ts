import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { freePort } from '../../test/free-port.ts';
import type { Json } from '../../test/http.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { SERVER_ENTRY } from '../../test/server-bundle.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { call, createUser, nextIp, type TestUser } from '../../test/users.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
const UNAVAILABLE = {
  error: { code: 'SERVICE_UNAVAILABLE', message: 'File storage is unavailable. Please try again shortly.' },
};

let s3: TestS3Server;
/** Files in the bucket. */
let t: TestApp;
/** Files on disk, the behaviour the bucket must match. */
let disk: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  [t, disk] = await Promise.all([createTestApp({ env: s3.env }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([t?.close(), disk?.close()]);
  await s3?.dispose();
});

const png = (red: number) =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: red, g: 40, b: 90 } } })
    .png()
    .toBuffer();

async function upload(app: TestApp, user: TestUser, bytes: Buffer) {
  const form = new FormData();
  form.append('picture', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
  const res = await fetch(`${app.baseUrl}/api/users/me/profile/picture`, {
    method: 'POST',
    headers: { cookie: user.cookie, origin: app.baseUrl, 'x-forwarded-for': nextIp() },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Json, retryAfter: res.headers.get('retry-after') };
}

async function download(app: TestApp, url: string) {
  const res = await fetch(`${app.baseUrl}${url}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(bytes.toString()) as Json };
}

/** What the API says the user's picture is: the profile and the session's user image. */
async function pictureOf(app: TestApp, user: TestUser) {
  const profile = await call(app, '/api/users/me/profile', { cookie: user.cookie });
  const session = await call(app, '/api/auth/get-session', { cookie: user.cookie });
  return { profile: profile.body.pictureUrl, session: session.body.user.image };
}

const keyOf = (url: string) => url.replace(/^\/api\/files\//, '');

function filesOnDisk(app: TestApp): string[] {
  try {
    return readdirSync(path.join(app.config.dataDir, 'uploads'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Headers that differ between any two answers, whatever serves them. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive']);

describe('profile pictures in an S3-compatible bucket', () => {
  it('stores the picture in the bucket, not on disk, and serves it exactly as the disk store does', async () => {
    const bytes = await png(200);
    const [user, diskUser] = await Promise.all([createUser(t), createUser(disk)]);
    const [res, diskRes] = await Promise.all([upload(t, user, bytes), upload(disk, diskUser, bytes)]);
    expect(res.status).toBe(200);
    expect(res.body.pictureUrl).toMatch(/^\/api\/files\/avatars\/.+\.webp$/);

    const key = keyOf(res.body.pictureUrl);
    expect(await s3.keys()).toContain(key);
    expect(filesOnDisk(t)).toEqual([]);
    const stored = await s3.read(key);
    expect(stored.contentType).toBe('image/webp');

    const [file, diskFile] = await Promise.all([
      download(t, res.body.pictureUrl),
      download(disk, diskRes.body.pictureUrl),
    ]);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(stored.bytes)).toBe(true);
    // The same upload gives the same bytes whichever store keeps them.
    expect(file.bytes.equals(diskFile.bytes)).toBe(true);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('content-length')).toBe(String(stored.bytes.length));
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    const headers = (h: Headers) => [...h].filter(([name]) => !PER_ANSWER.has(name));
    expect(headers(file.headers)).toEqual(headers(diskFile.headers));
  });

  it('answers a file that is not in the bucket with 404, and a key outside the store too', async () => {
    const missing = await download(t, '/api/files/avatars/nope/none.webp');
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'File not found' } });
    expect((await download(t, '/api/files/..%2Fliner.db')).status).toBe(404);
  });

  it('answers 503 while the S3 server is down, changes nothing, and works again when it is back', async () => {
    const user = await createUser(t);
    const first = await upload(t, user, await png(10));
    expect(first.status).toBe(200);
    const before = await pictureOf(t, user);
    const keysBefore = await s3.keys();

    await s3.stop();
    try {
      const read = await download(t, first.body.pictureUrl);
      expect(read.status).toBe(503);
      expect(read.headers.get('retry-after')).toBe('5');
      expect(read.json()).toEqual(UNAVAILABLE);

      const second = await upload(t, user, await png(20));
      expect(second.status).toBe(503);
      expect(second.retryAfter).toBe('5');
      expect(second.body).toEqual(UNAVAILABLE);
      expect(await pictureOf(t, user)).toEqual(before);
    } finally {
      await s3.start();
    }

    expect(await s3.keys()).toEqual(keysBefore);
    const again = await download(t, first.body.pictureUrl);
    expect(again.status).toBe(200);
    expect(again.bytes.equals((await s3.read(keyOf(first.body.pictureUrl))).bytes)).toBe(true);
    const second = await upload(t, user, await png(20));
    expect(second.status).toBe(200);
    expect((await pictureOf(t, user)).profile).toBe(second.body.pictureUrl);
    expect((await download(t, second.body.pictureUrl)).status).toBe(200);
  });

  it('answers 503 while the bucket is gone, changes nothing, and works again once it is created', async () => {
    const user = await createUser(t);
    const first = await upload(t, user, await png(30));
    expect(first.status).toBe(200);
    const before = await pictureOf(t, user);

    await s3.deleteBucket();
    try {
      const read = await download(t, first.body.pictureUrl);
      expect(read.status).toBe(503);
      expect(read.json()).toEqual(UNAVAILABLE);

      const second = await upload(t, user, await png(40));
      expect(second.status).toBe(503);
      expect(second.body).toEqual(UNAVAILABLE);
      expect(await pictureOf(t, user)).toEqual(before);
    } finally {
      await s3.createBucket();
    }

    // The old picture went with the bucket; a new one is stored and served again.
    expect((await download(t, first.body.pictureUrl)).status).toBe(404);
    const second = await upload(t, user, await png(40));
    expect(second.status).toBe(200);
    expect(await s3.keys()).toEqual([keyOf(second.body.pictureUrl)]);
    expect((await download(t, second.body.pictureUrl)).status).toBe(200);
  });
});

describe('start-up with S3_BUCKET', () => {
  async function startUp(env: Record<string, string>): Promise<unknown> {
    const database = await createTestDatabase();
    try {
      const config = loadConfig({
        DATA_DIR: database.dataDir,
        AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
        MUSICBRAINZ: 'off',
        ...env,
      });
      const app = await buildApp(config, { database: database.handle, logger: false });
      await app.close();
      return undefined;
    } catch (error) {
      return error;
    } finally {
      await database.dispose();
    }
  }

  it('stops with one line naming S3_BUCKET when the bucket does not exist', async () => {
    const error = await startUp({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    expect(error).toMatchObject({
      name: 'Error',
      message: `Invalid S3_BUCKET: bucket "no-such-bucket" does not exist at ${s3.endpoint}`,
    });
  });

  it('stops with one line naming S3_ENDPOINT when nothing answers there', async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    const error = await startUp({ ...s3.env, S3_ENDPOINT: endpoint });
    expect(error).toMatchObject({ message: `Invalid S3_ENDPOINT: cannot reach ${endpoint} (ECONNREFUSED)` });
  });

  it('the server prints that line alone and exits 1', async () => {
    const database = await createTestDatabase();
    try {
      // Not spawnSync: the S3 server answering the child runs in this process.
      const child = spawn(process.execPath, SERVER_ENTRY, {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          // Node's own notices (the AWS SDK's on Node 20) would sit beside the line under test.
          NODE_NO_WARNINGS: '1',
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          DATA_DIR: database.dataDir,
          LOG_LEVEL: 'silent',
          MUSICBRAINZ: 'off',
          ...s3.env,
          S3_BUCKET: 'no-such-bucket',
        },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      const run = { status, stderr };
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(`Invalid S3_BUCKET: bucket "no-such-bucket" does not exist at ${s3.endpoint}\n`);
    } finally {
      await database.dispose();
    }
  });
});
