import { AccountExportSchema } from '@liner/shared';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, nextIp, type TestUser } from '../../test/users.ts';

/**
 * Exports of a large library: built a page at a time, so the site keeps answering meanwhile, and
 * limited per person and per address. Unpaged, three exports of 20,000 listens kept /api/health
 * waiting over a second on 2 cores (60,000 listens: 3.4 s); paged, the slowest probe took under
 * 100 ms alone, and 292 ms once while other suites and browsers shared the 2 cores. The bound is
 * DESIGN.md's (no request waits a second); at 60,000 listens the unpaged export missed it here
 * (1.5 s), the paged one keeps well inside it.
 */
const PROBE_BOUND_MS = 1000;
const LISTENS = 60_000;
const EXPORTS_PER_HOUR = 3;

let t: TestApp;
let heavy: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_EXPORTS: String(EXPORTS_PER_HOUR) } });
  heavy = await createUser(t);
  // Rows written straight to the tables: the routes would take minutes for this many.
  const db = t.database.handle.db;
  const tracks = await db.selectFrom('tracks').select(['id', 'album_id']).orderBy('id').execute();
  const now = new Date().toISOString();
  await db
    .insertInto('track_ratings')
    .values(
      tracks.map((track, i) => ({
        user_id: heavy.id,
        track_id: track.id,
        album_id: track.album_id,
        rating: (i % 10) + 1,
        updated_at: now,
      })),
    )
    .execute();
  for (let start = 0; start < LISTENS; start += 500) {
    const listens = Array.from({ length: Math.min(500, LISTENS - start) }, (_, k) => {
      const n = start + k;
      const track = tracks[n % tracks.length] ?? { id: '', album_id: '' };
      const at = new Date(Date.UTC(2000, 0, 1) + n * 3_600_000).toISOString();
      return { id: `listen-${n}`, album_id: track.album_id, track_id: track.id, at };
    });
    await db
      .insertInto('listens')
      .values(
        listens.map((l) => ({
          id: l.id,
          user_id: heavy.id,
          album_id: l.album_id,
          listened_on: l.at.slice(0, 10),
          created_at: l.at,
        })),
      )
      .execute();
    await db
      .insertInto('listen_songs')
      .values(listens.map((l) => ({ listen_id: l.id, track_id: l.track_id })))
      .execute();
  }
});
afterAll(async () => t.close());

/**
 * The status of a download whose body is read and dropped: a body left unread keeps its connection
 * busy, and closing the app then waits on it.
 */
async function statusOf(path: string, who: Pick<TestUser, 'ip'> & { cookie?: string }): Promise<number> {
  const response = await download(path, who);
  await response.arrayBuffer();
  return response.status;
}

function download(path: string, who: Pick<TestUser, 'ip'> & { cookie?: string }) {
  return fetch(`${t.baseUrl}${path}`, {
    headers: { origin: t.baseUrl, 'x-forwarded-for': who.ip, ...(who.cookie ? { cookie: who.cookie } : {}) },
  });
}

describe('exports of a large library', () => {
  it(`answers /api/health within ${PROBE_BOUND_MS} ms while three exports of ${LISTENS} listens are built`, async () => {
    const probes: number[] = [];
    let exporting = true;
    const prober = (async () => {
      while (exporting) {
        const started = performance.now();
        expect((await call(t, '/api/health')).status).toBe(200);
        probes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const [json, zip, again] = await Promise.all(
      ['/api/users/me/export', '/api/users/me/export.zip', '/api/users/me/export'].map(async (path) => {
        const response = await download(path, heavy);
        return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
      }),
    ).finally(() => {
      exporting = false;
    });
    await prober;

    // The probes ran all along, and none waited long.
    expect(probes.length).toBeGreaterThan(10);
    expect(Math.max(...probes)).toBeLessThan(PROBE_BOUND_MS);

    // Written a page at a time, the files are still whole and in the contract's shape.
    for (const answer of [json, again]) {
      expect(answer?.response.status).toBe(200);
      expect(answer?.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const data = AccountExportSchema.parse(JSON.parse(strFromU8(answer?.bytes ?? new Uint8Array())));
      expect(Object.keys(data)).toEqual(Object.keys(AccountExportSchema.shape));
      expect(data.listens).toHaveLength(LISTENS);
      expect(data.listenSongs).toHaveLength(LISTENS);
      expect(data.listens[0]).toMatchObject({ id: 'listen-0', listened_on: '2000-01-01' });
      expect(data.listens.at(-1)).toMatchObject({ id: `listen-${LISTENS - 1}` });
    }
    expect(zip?.response.status).toBe(200);
    const diary = strFromU8(unzipSync(zip?.bytes ?? new Uint8Array())['diary.csv'] ?? new Uint8Array());
    // The header, a line per listen, and the empty string after the last CRLF.
    expect(diary.split('\r\n')).toHaveLength(LISTENS + 2);
  });

  it(`answers export number ${EXPORTS_PER_HOUR + 1} within the hour 429 with Retry-After`, async () => {
    const ana = await createUser(t);
    const paths = ['/api/users/me/export', '/api/users/me/export.zip', '/api/users/me/export'];
    for (const path of paths.slice(0, EXPORTS_PER_HOUR)) expect(await statusOf(path, ana)).toBe(200);
    const refused = await download('/api/users/me/export.zip', ana);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many requests\. Please try again in \d+/) },
    });
    // Per person: from another address the count is the same; another person is not affected.
    expect(await statusOf('/api/users/me/export', { ...ana, ip: nextIp() })).toBe(429);
    expect(await statusOf('/api/users/me/export', await createUser(t))).toBe(200);
  });

  it("counts every export from one address, signed in or not, up to ten people's share", async () => {
    const ip = nextIp();
    for (let i = 0; i < EXPORTS_PER_HOUR * 10; i++) {
      expect(await statusOf('/api/users/me/export.zip', { ip })).toBe(401);
    }
    const refused = await download('/api/users/me/export.zip', { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
  });
});
