import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/ready', () => {
  it('answers a flood of concurrent probes from one round of checks, and reports a store that fails at once', async () => {
    const files = t.app.files;
    const realCheck = files.check.bind(files);
    let checks = 0;
    let failing = false;
    files.check = async () => {
      checks++;
      // A store that takes its time (a bucket far away): probes arriving meanwhile wait for this round.
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (failing) throw new Error('disk gone');
      return realCheck();
    };
    try {
      const flood = await Promise.all(Array.from({ length: 50 }, () => call(t, '/api/ready')));
      expect(flood.every((res) => res.status === 200)).toBe(true);
      expect(flood[0]?.body).toMatchObject({ status: 'ready', checks: { database: { status: 'up' } } });
      // Fifty probes at once cost the file store one check, not fifty.
      expect(checks).toBe(1);

      failing = true;
      const down = await call(t, '/api/ready');
      expect(down.status).toBe(503);
      expect(down.response.headers.get('retry-after')).toBe('5');
      expect(down.body).toMatchObject({ status: 'unavailable', checks: { files: { status: 'down' } } });
      // Liveness does not depend on it.
      expect((await call(t, '/api/health')).status).toBe(200);
    } finally {
      files.check = realCheck;
    }
  });
});
