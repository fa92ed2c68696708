import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { call, createUser } from '../test/users.ts';

/** The access log: slow requests always, a sample of the rest, never two lines each. */
let t: TestApp | undefined;
afterEach(async () => t?.close());

async function appLogging(env: Record<string, string>) {
  const lines: { level: number; msg: string; req?: { url: string }; res?: { statusCode: number } }[] = [];
  t = await createTestApp({
    env: { LOG_LEVEL: 'info', ...env },
    logStream: { write: (line: string) => lines.push(JSON.parse(line)) },
  });
  return { app: t, requests: () => lines.filter((l) => l.req) };
}

describe('the access log', () => {
  it('logs nothing for fast requests when the sample is 0', async () => {
    const { app, requests } = await appLogging({ LOG_REQUEST_SAMPLE: '0', LOG_SLOW_REQUEST_MS: '60000' });
    for (let i = 0; i < 20; i++) expect((await call(app, '/api/config')).status).toBe(200);
    expect((await call(app, '/api/music/albums/no-such-album')).status).toBe(404);
    expect(requests()).toEqual([]);
  });

  it('logs every request once, with its status, when the sample is 1', async () => {
    const { app, requests } = await appLogging({ LOG_REQUEST_SAMPLE: '1', LOG_SLOW_REQUEST_MS: '60000' });
    await call(app, '/api/config');
    await call(app, '/api/music/albums/no-such-album');
    expect(requests().map((l) => [l.msg, l.req?.url, l.res?.statusCode])).toEqual([
      ['request completed', '/api/config', 200],
      ['request completed', '/api/music/albums/no-such-album', 404],
    ]);
  });

  it('logs a slow request at warn whatever the sample', async () => {
    const { app, requests } = await appLogging({ LOG_REQUEST_SAMPLE: '0', LOG_SLOW_REQUEST_MS: '1' });
    // Signing up hashes a password: never under a millisecond.
    await createUser(app);
    const slow = requests().filter((l) => l.msg === 'slow request');
    expect(slow.length).toBeGreaterThan(0);
    expect(slow.every((l) => l.level === 40)).toBe(true);
    expect(slow.map((l) => l.req?.url)).toContain('/api/auth/sign-up/email');
  });
});
