import { scryptSync } from 'node:crypto';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { SUITE_ENV } from '../test/suite-env.ts';
import { createUser, signIn } from '../test/users.ts';

// Passwords are hashed with Node's own scrypt (crypto.scrypt on libuv's thread pool), not a
// JavaScript scrypt holding the event loop; every hash stored so far must still sign its owner in.

const PASSWORD = 'Kind of Blue, 1959: So What';
/** Made by liner before the move to Node 22+ (Better Auth 1.7's `salt:key`, both hex). */
const STORED_HASH =
  'c0f888661bf60b097bf573596a04e9a0:6c1eea053adab1d38aedf3cd75cc4b5a21dce8c0a1002677c38ce1fb5628c43ff3a8254348f8caba597c8b17b7f84617818f7a6a9eabbd9ecad231ecb9a2dda3';
/** Better Auth's scrypt parameters: what makes a stored hash verifiable by any implementation. */
const SCRYPT = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: SUITE_ENV });
});
afterAll(async () => t.close());

async function storedHashOf(userId: string): Promise<string> {
  const { rows } = await sql<{ password: string }>`
    select password from account where ${sql.ref('userId')} = ${userId} and ${sql.ref('providerId')} = 'credential'`.execute(
    t.database.handle.db,
  );
  return rows[0]?.password ?? '';
}

describe('password hashes', () => {
  it('hashes with node:crypto, the implementation Better Auth picks under Node', () => {
    const resolved = createRequire(import.meta.url).resolve('@better-auth/utils/password');
    expect(resolved).toMatch(/password\.node\.c?js$/);
  });

  it('stores salt:key made with Better Auth scrypt parameters, which Node scrypt reproduces', async () => {
    const user = await createUser(t, { password: PASSWORD });
    const stored = await storedHashOf(user.id);
    const [salt, key] = stored.split(':');
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    expect(key).toMatch(/^[0-9a-f]{128}$/);
    const again = scryptSync(PASSWORD.normalize('NFKC'), salt as string, 64, SCRYPT).toString('hex');
    expect(again).toBe(key);
  });

  it('signs in with a hash stored by the earlier code, and refuses a wrong password against it', async () => {
    const user = await createUser(t, { password: 'a different password 42' });
    await sql`update account set password = ${STORED_HASH} where ${sql.ref('userId')} = ${user.id}`.execute(
      t.database.handle.db,
    );
    const wrong = await signIn(t, user.email, 'a different password 42');
    expect(wrong.status).toBe(401);
    const right = await signIn(t, user.email, PASSWORD);
    expect(right.status).toBe(200);
    expect(right.cookie).not.toBe('');
  });
});
