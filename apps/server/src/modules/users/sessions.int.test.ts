import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, cookieFrom, createUser, nextIp, type TestUser } from '../../test/users.ts';
import { describeDevice } from './sessions.service.ts';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:135.0) Gecko/20100101 Firefox/135.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let t: TestApp;
let owner: TestUser;
let other: TestUser;

/** Signs `user` in again from a browser that says it is `userAgent`; returns that session's cookie. */
async function signInFrom(user: TestUser, userAgent: string): Promise<string> {
  const res = await call(t, '/api/auth/sign-in/email', {
    body: { email: user.email, password: user.password },
    ip: nextIp(),
    headers: { 'user-agent': userAgent },
  });
  expect(res.status).toBe(200);
  return cookieFrom(res.response);
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = [await createUser(t), await createUser(t)];
});
afterAll(async () => t.close());

describe('GET /api/users/me/sessions', () => {
  it('lists each signed-in browser with its device, marking the one asking', async () => {
    await signInFrom(owner, SAFARI_IPHONE);
    const laptop = await signInFrom(owner, FIREFOX_WINDOWS);
    const res = await call(t, '/api/users/me/sessions', { cookie: laptop });
    expect(res.status).toBe(200);
    expect(res.response.headers.get('cache-control')).toBe('no-store');
    const devices = res.body.map((s: { device: string }) => s.device);
    expect(devices).toEqual(expect.arrayContaining(['Firefox on Windows', 'Safari on iOS']));
    expect(res.body).toHaveLength(3); // the sign-up session too
    expect(res.body.filter((s: { current: boolean }) => s.current)).toEqual([
      expect.objectContaining({ device: 'Firefox on Windows', current: true }),
    ]);
    for (const session of res.body) {
      expect(Date.parse(session.signedInAt)).not.toBeNaN();
      expect(Date.parse(session.lastActiveAt)).not.toBeNaN();
      expect(session).not.toHaveProperty('token');
    }
    // Another user's list does not show these.
    const theirs = await call(t, '/api/users/me/sessions', { cookie: other.cookie });
    expect(theirs.body.map((s: { id: string }) => s.id)).not.toEqual(
      expect.arrayContaining(res.body.map((s: { id: string }) => s.id)),
    );
  });

  it('is refused signed out', async () => {
    const res = await call(t, '/api/users/me/sessions');
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/users/me/sessions/:sessionId', () => {
  it('signs that browser out at once and leaves the others signed in', async () => {
    const phone = await signInFrom(owner, SAFARI_IPHONE);
    const laptop = await signInFrom(owner, FIREFOX_WINDOWS);
    const phoneId = (await call(t, '/api/users/me/sessions', { cookie: phone })).body.find(
      (s: { current: boolean }) => s.current,
    ).id;

    const res = await call(t, `/api/users/me/sessions/${phoneId}`, { method: 'DELETE', cookie: laptop });
    expect(res.status).toBe(204);
    expect((await call(t, '/api/users/me/profile', { cookie: phone })).status).toBe(401);
    expect((await call(t, '/api/users/me/profile', { cookie: laptop })).status).toBe(200);
    const left = await call(t, '/api/users/me/sessions', { cookie: laptop });
    expect(left.body.map((s: { id: string }) => s.id)).not.toContain(phoneId);
  });

  it("answers 404 SESSION_NOT_FOUND for someone else's session, which stays signed in", async () => {
    const theirs = await signInFrom(other, FIREFOX_WINDOWS);
    const theirId = (await call(t, '/api/users/me/sessions', { cookie: theirs })).body.find(
      (s: { current: boolean }) => s.current,
    ).id;
    const res = await call(t, `/api/users/me/sessions/${theirId}`, { method: 'DELETE', cookie: owner.cookie });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'SESSION_NOT_FOUND', message: 'This session has already ended' } });
    expect((await call(t, '/api/users/me/profile', { cookie: theirs })).status).toBe(200);
  });

  it('signs the current browser out when asked to end its own session', async () => {
    const laptop = await signInFrom(owner, FIREFOX_WINDOWS);
    const mine = (await call(t, '/api/users/me/sessions', { cookie: laptop })).body.find(
      (s: { current: boolean }) => s.current,
    ).id;
    expect((await call(t, `/api/users/me/sessions/${mine}`, { method: 'DELETE', cookie: laptop })).status).toBe(204);
    expect((await call(t, '/api/users/me/profile', { cookie: laptop })).status).toBe(401);
  });

  it('is refused signed out, before anything is looked up', async () => {
    const res = await call(t, '/api/users/me/sessions/anything', { method: 'DELETE' });
    expect(res.status).toBe(401);
  });
});

describe('describeDevice', () => {
  it('names the browser and system, or says it does not know', () => {
    expect(describeDevice(FIREFOX_WINDOWS)).toBe('Firefox on Windows');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(describeDevice(null)).toBe('Unknown browser');
    expect(describeDevice('curl/8.5.0')).toBe('Unknown browser');
  });
});
