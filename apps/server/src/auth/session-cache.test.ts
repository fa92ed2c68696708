import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type CachedSession, SessionCache, withSessionCache } from './session-cache.ts';
import { cachedSession, SessionReader, verifiedValue } from './session-reader.ts';

const HOUR = 60 * 60_000;

function session(userId: string, sessionExpiresAt = Number.POSITIVE_INFINITY): CachedSession {
  return { userId, user: null, answer: '{}', sessionExpiresAt };
}

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('SessionCache', () => {
  it('serves an answer for a second, then asks again', () => {
    const time = clock();
    const cache = new SessionCache({ ttlMs: 1000, now: time.now });
    cache.set('t1', session('ana'), cache.generation);
    time.advance(999);
    expect(cache.get('t1')?.userId).toBe('ana');
    time.advance(1);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('never serves a session past its own expiry', () => {
    const time = clock();
    const cache = new SessionCache({ ttlMs: 1000, now: time.now });
    cache.set('t1', session('ana', time.now() + 10), cache.generation);
    time.advance(10);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('forgets one session, or every session of a person, and keeps the others', () => {
    const cache = new SessionCache();
    for (const [token, user] of [
      ['a1', 'ana'],
      ['a2', 'ana'],
      ['b1', 'bo'],
    ])
      cache.set(token as string, session(user as string), cache.generation);
    cache.forgetSession('b1');
    expect(cache.get('b1')).toBeUndefined();
    cache.forgetUser('ana');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    cache.set('b1', session('bo'), cache.generation);
    expect(cache.get('b1')?.userId).toBe('bo');
  });

  it('drops an answer read before a forget, so a revoked session cannot come back', () => {
    const cache = new SessionCache();
    const before = cache.generation;
    // Better Auth is still answering for t1 when the session is signed out…
    cache.forgetSession('t1');
    // …and its (now stale) answer arrives after.
    cache.set('t1', session('ana'), before);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const cache = new SessionCache({ maxEntries: 2 });
    cache.set('t1', session('a'), cache.generation);
    cache.set('t2', session('b'), cache.generation);
    cache.set('t3', session('c'), cache.generation);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')?.userId).toBe('b');
    expect(cache.get('t3')?.userId).toBe('c');
  });

  it('tells listeners its own forgets, not those applied from another instance', async () => {
    const cache = new SessionCache();
    const told: unknown[] = [];
    cache.onForget((change) => told.push(change));
    const redisCopies: string[] = [];
    const copies = withSessionCache(
      {
        forgetSession: async (token) => void redisCopies.push(`session ${token}`),
        forgetUser: async (userId) => void redisCopies.push(`user ${userId}`),
      },
      cache,
    );
    await copies.forgetSession('t1');
    await copies.forgetUser('ana');
    cache.apply({ userId: 'bo' });
    expect(told).toEqual([{ token: 't1' }, { userId: 'ana' }]);
    expect(redisCopies).toEqual(['session t1', 'user ana']);
  });
});

describe('cachedSession', () => {
  const answer = {
    session: { id: 's1', token: 'secret-token', userId: 'u1', expiresAt: new Date(Date.now() + HOUR) },
    user: { id: 'u1', email: 'ana@example.com', name: 'ana', image: null, role: 'admin', suspendedAt: null },
  };

  it("keeps Better Auth's answer without the token, and who the routes see", () => {
    const cached = cachedSession(answer);
    expect(cached?.answer).not.toContain('secret-token');
    expect(JSON.parse(cached?.answer ?? '')).toEqual({
      session: { id: 's1', userId: 'u1', expiresAt: answer.session.expiresAt.toISOString() },
      user: answer.user,
    });
    expect(cached?.user).toEqual({
      id: 'u1',
      sessionId: 's1',
      email: 'ana@example.com',
      name: 'ana',
      image: null,
      role: 'admin',
    });
  });

  it('lets a suspended account in nowhere, and reads no session from null or junk', () => {
    expect(cachedSession({ ...answer, user: { ...answer.user, suspendedAt: new Date() } })?.user).toBeNull();
    expect(cachedSession(null)).toBeNull();
    expect(cachedSession({ session: {}, user: {} })).toBeNull();
  });
});

describe('verifiedValue', () => {
  const secret = 'test-secret-test-secret-test-secret-0123';
  const sign = (value: string, key = secret) => `${value}.${createHmac('sha256', key).update(value).digest('base64')}`;

  it('reads a value signed with the secret', () => {
    expect(verifiedValue(sign('abc.def'), secret)).toBe('abc.def');
  });

  it('refuses another secret, a changed value, a cut signature and no signature', () => {
    expect(verifiedValue(sign('abc', 'another-secret-another-secret-another'), secret)).toBeNull();
    expect(verifiedValue(sign('abc').replace(/^abc/, 'abd'), secret)).toBeNull();
    expect(verifiedValue(sign('abc').slice(0, -2), secret)).toBeNull();
    expect(verifiedValue('abc', secret)).toBeNull();
    expect(verifiedValue('.', secret)).toBeNull();
  });
});

describe('SessionReader.cookieOf', () => {
  const secret = 'test-secret-test-secret-test-secret-0123';
  const sign = (value: string, key = secret) =>
    encodeURIComponent(`${value}.${createHmac('sha256', key).update(value).digest('base64')}`);
  const reader = new SessionReader(
    { api: {} as never },
    new SessionCache(),
    { name: 'sid', secret },
    {
      expiresIn: 3600,
      updateAge: 600,
    },
  );
  const cookieOf = (value: string) => reader.cookieOf({ cookie: `theme=dark; sid=${value}` });

  it('reads a genuine cookie every time, and a forged one never, however often either is sent', () => {
    for (let i = 0; i < 3; i++) {
      expect(cookieOf(sign('token-a'))).toEqual({ kind: 'token', token: 'token-a' });
      expect(cookieOf(sign('token-a', 'another-secret-another-secret-another'))).toEqual({ kind: 'forged' });
      expect(cookieOf(sign('token-a').replace('token-a', 'token-b'))).toEqual({ kind: 'forged' });
    }
    expect(reader.cookieOf({ cookie: 'theme=dark' })).toEqual({ kind: 'none' });
  });

  it('still reads genuine cookies after more than it remembers', () => {
    for (let i = 0; i < 10_050; i++) expect(cookieOf(sign(`t${i}`))).toEqual({ kind: 'token', token: `t${i}` });
    expect(cookieOf(sign('t0'))).toEqual({ kind: 'token', token: 't0' });
  });
});
