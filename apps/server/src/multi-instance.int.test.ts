import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedis } from './test/build-app.ts';
import { freePort } from './test/free-port.ts';
import type { Json } from './test/http.ts';
import { startS3Server, type TestS3Server } from './test/s3-server.ts';
import {
  type Answer,
  createServerData,
  request,
  type ServerData,
  type ServerProcess,
  signUp,
  startServer,
} from './test/server-process.ts';
import { waitFor } from './test/wait-for.ts';

// Two real server processes of one site, as a load balancer would have them: the same
// PostgreSQL schema, Redis prefix, bucket and AUTH_SECRET, and nothing else (each its own DATA_DIR).
// Whatever a person does through one, the other shows at once. scale-out.int.test.ts covers the
// same in one process, with Redis cut; this is the whole stack as it is deployed.

const ALBUM = 'miles-davis-kind-of-blue';
const SEARCHES_PER_MINUTE = 6;
const PASSWORD = 'a long enough passphrase 42';
const PLAYLIST = 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M';

interface Instance {
  server: ServerProcess;
  dataDir: string;
}

/** A JSON request to one instance; a request that gets no answer fails the test. */
async function call(
  instance: Instance,
  method: string,
  urlPath: string,
  options: { body?: unknown; cookie?: string; ip?: string } = {},
): Promise<Answer & { status: number; body: Json }> {
  const answer = await request(instance.server.base, method, urlPath, options);
  if (answer.status === undefined) throw new Error(`${method} ${urlPath}: ${answer.error}`);
  return answer as Answer & { status: number; body: Json };
}

function cookieOf(answer: Answer): string {
  return (answer.headers?.['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'two server processes sharing PostgreSQL, Redis and a bucket',
  () => {
    let s3: TestS3Server;
    let data: ServerData;
    const redis = testRedis();
    let a: Instance;
    let b: Instance;

    beforeAll(async () => {
      s3 = await startS3Server();
      data = await createServerData('multi');
      const env = {
        ...s3.env,
        ...redis.env,
        AUTH_SECRET: 'multi-instance-secret-multi-instance-secret',
        RATE_LIMIT_SEARCHES: String(SEARCHES_PER_MINUTE),
        // Nothing answers here: adding a playlist falls back to its custom title at once.
        SPOTIFY_OEMBED_URL: `http://127.0.0.1:${await freePort()}/oembed`,
      };
      const otherDir = mkdtempSync(path.join(tmpdir(), 'liner-multi-b-'));
      // Side by side, as a deployment starts them: both migrate and seed the empty schema at once.
      const [first, second] = await Promise.all([
        startServer(data, undefined, { env }),
        startServer(data, undefined, { env: { ...env, DATA_DIR: otherDir } }),
      ]);
      a = { server: first, dataDir: data.dataDir };
      b = { server: second, dataDir: otherDir };
      for (const instance of [a, b]) {
        const ready = await waitFor(
          () => call(instance, 'GET', '/api/ready'),
          (answer) => answer.status === 200,
          10_000,
        );
        expect(ready.body).toMatchObject({ status: 'ready', checks: { redis: { status: 'up' } } });
      }
    });

    afterAll(async () => {
      for (const instance of [a, b]) instance?.server.child.kill('SIGTERM');
      await Promise.all([a?.server.exited, b?.server.exited]);
      if (b) rmSync(b.dataDir, { recursive: true, force: true });
      await data?.dispose();
      await s3?.dispose();
      await redis.dispose();
    });

    it('accepts a session made through one instance on the other', async () => {
      const ana = await signUp(a.server.base, 'ana', '10.91.0.1');
      const profile = await call(b, 'GET', '/api/users/me/profile', { cookie: ana.cookie });
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ userId: ana.id, email: 'ana@example.com' });
    });

    it('shows a follow made through one instance in the follower counts and lists of the other', async () => {
      const [cleo, dan] = [
        await signUp(a.server.base, 'cleo', '10.91.0.2'),
        await signUp(b.server.base, 'dan', '10.91.0.3'),
      ];
      expect((await call(b, 'GET', `/api/users/${dan.id}/follow`, { cookie: cleo.cookie })).body).toEqual({
        following: false,
        requested: false,
        followerCount: 0,
        followingCount: 0,
      });

      const followed = await call(a, 'POST', `/api/users/${dan.id}/follow`, { cookie: cleo.cookie, ip: '10.91.0.2' });
      expect(followed.status).toBe(200);

      expect((await call(b, 'GET', `/api/users/${dan.id}/follow`, { cookie: cleo.cookie })).body).toEqual({
        following: true,
        requested: false,
        followerCount: 1,
        followingCount: 0,
      });
      const followers = await call(b, 'GET', `/api/users/${dan.id}/followers`);
      expect(followers.body.people.map((p: Json) => p.displayName)).toEqual(['cleo']);
      expect((await call(b, 'GET', '/api/profiles/cleo')).body).toMatchObject({ followingCount: 1 });
    });

    it("refreshes the other instance's cached album page within a second of a rating", async () => {
      const eve = await signUp(a.server.base, 'eve', '10.91.0.4');
      const before = (await call(b, 'GET', `/api/music/albums/${ALBUM}`)).body;
      // Cached on b now: without the news from a, b would serve this body for 10 s.
      expect((await call(b, 'GET', `/api/music/albums/${ALBUM}`)).body).toEqual(before);

      const rated = await call(a, 'PUT', `/api/albums/${ALBUM}/tracks/${before.tracks[0].id}/rating`, {
        body: { rating: 9 },
        cookie: eve.cookie,
        ip: '10.91.0.4',
      });
      expect(rated.status).toBe(200);

      const started = performance.now();
      const after = await waitFor(
        () => call(b, 'GET', `/api/music/albums/${ALBUM}`),
        (answer) => answer.body.community.ratingsCount === before.community.ratingsCount + 1,
        1000,
      );
      expect(after.body.community).toEqual({ ratingsCount: before.community.ratingsCount + 1, average: 4.5 });
      expect(performance.now() - started).toBeLessThan(1000);
      expect((await call(b, 'GET', `/api/albums/${ALBUM}/community`)).body).toMatchObject({
        album: after.body.community,
      });
    });

    it("shows an admin's featured-playlist changes through the other instance at once", async () => {
      const root = await signUp(a.server.base, 'root', '10.91.0.5');
      await data.query(`update "user" set role = 'admin' where id = ?`, [root.id]);
      // A session started after the change carries the role (the sign-up's session copy does not).
      const signedIn = await call(a, 'POST', '/api/auth/sign-in/email', {
        body: { email: 'root@example.com', password: PASSWORD },
        ip: '10.91.0.5',
      });
      expect(signedIn.status).toBe(200);
      const admin = { cookie: cookieOf(signedIn), ip: '10.91.0.5' };
      expect((await call(b, 'GET', '/api/featured-playlists')).body).toEqual([]);

      const created = await call(a, 'POST', '/api/admin/featured-playlists', {
        body: { spotifyUrl: PLAYLIST, title: 'Shared Mix' },
        ...admin,
      });
      expect(created.status).toBe(201);
      expect((await call(b, 'GET', '/api/featured-playlists')).body).toMatchObject([
        { id: created.body.id, title: 'Shared Mix', isActive: true },
      ]);

      const hidden = await call(a, 'PUT', `/api/admin/featured-playlists/${created.body.id}`, {
        body: { title: 'Shared Mix, hidden', isActive: false },
        ...admin,
      });
      expect(hidden.status).toBe(200);
      expect((await call(b, 'GET', '/api/featured-playlists')).body).toEqual([]);
      expect((await call(b, 'GET', '/api/admin/featured-playlists', admin)).body).toMatchObject([
        { id: created.body.id, title: 'Shared Mix, hidden', isActive: false },
      ]);
    });

    it('serves a picture uploaded through one instance from the other, out of the bucket', async () => {
      const fay = await signUp(a.server.base, 'fay', '10.91.0.6');
      const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c0ffee' } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('picture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'fay.png');
      const uploaded = await fetch(`${a.server.base}/api/users/me/profile/picture`, {
        method: 'POST',
        headers: { cookie: fay.cookie, origin: a.server.base, 'x-forwarded-for': '10.91.0.6' },
        body: form,
      });
      expect(uploaded.status).toBe(200);
      const { pictureUrl } = (await uploaded.json()) as { pictureUrl: string };
      expect(pictureUrl).toMatch(/^\/api\/files\/avatars\/.+\.webp$/);

      expect((await call(b, 'GET', '/api/users/me/profile', { cookie: fay.cookie })).body).toMatchObject({
        pictureUrl,
      });
      expect((await call(b, 'GET', '/api/auth/get-session', { cookie: fay.cookie })).body.user.image).toBe(pictureUrl);
      const served = await fetch(`${b.server.base}${pictureUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await served.arrayBuffer());

      const key = pictureUrl.replace(/^\/api\/files\//, '');
      expect(await s3.keys()).toContain(key);
      expect(bytes.equals((await s3.read(key)).bytes)).toBe(true);
      // Each DATA_DIR holds only the e-mails written as files (no SMTP_URL here), nothing to share.
      const onDisk = [...filesUnder(a.dataDir), ...filesUnder(b.dataDir)];
      expect(onDisk.filter((file) => !/^outbox\/[^/]+\.eml$/.test(file))).toEqual([]);
    });

    it('counts a rate limit across both instances', async () => {
      const gus = await signUp(a.server.base, 'gus', '10.91.0.7');
      const statuses: number[] = [];
      for (let i = 0; i < SEARCHES_PER_MINUTE + 2; i++) {
        const instance = i % 2 === 0 ? a : b;
        const answer = await call(instance, 'GET', `/api/music/search?q=blue${i}`, {
          cookie: gus.cookie,
          ip: '10.91.0.7',
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([...Array(SEARCHES_PER_MINUTE).fill(200), 429, 429]);
    });

    it('refuses on the other instance at once a session signed out through one', async () => {
      const hal = await signUp(a.server.base, 'hal', '10.91.0.8');
      expect((await call(b, 'GET', '/api/users/me/profile', { cookie: hal.cookie })).status).toBe(200);

      const signedOut = await call(a, 'POST', '/api/auth/sign-out', { body: {}, cookie: hal.cookie, ip: '10.91.0.8' });
      expect(signedOut.status).toBe(200);

      expect((await call(b, 'GET', '/api/users/me/profile', { cookie: hal.cookie })).status).toBe(401);
      expect((await call(b, 'GET', '/api/auth/get-session', { cookie: hal.cookie })).body).toBeNull();
    });
  },
);
