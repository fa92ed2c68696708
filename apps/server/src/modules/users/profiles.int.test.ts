import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, nextIp } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function upload(cookie: string, bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('picture', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${t.baseUrl}/api/users/me/profile/picture`, {
    method: 'POST',
    headers: { cookie, origin: t.baseUrl, 'x-forwarded-for': nextIp() },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Json };
}

function storedFiles(): string[] {
  const dir = path.join(t.config.dataDir, 'uploads');
  try {
    return readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.webp'));
  } catch {
    return [];
  }
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

describe('my profile', () => {
  it('needs a session', async () => {
    const res = await call(t, '/api/users/me/profile');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'User not authenticated' } });
    expect((await call(t, '/api/users/me/profile', { method: 'PUT', body: { bio: 'x' } })).status).toBe(401);
  });

  it('completes setup with a display name and bio', async () => {
    const user = await createUser(t);
    const res = await call(t, '/api/users/me/profile', {
      method: 'PUT',
      cookie: user.cookie,
      body: { displayName: '  New Name ', bio: '  I like jazz.  ', completeSetup: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayName: 'New Name', bio: 'I like jazz.', setupComplete: true });
    // The auth user's name follows, so the session shows the new name.
    const session = await call(t, '/api/auth/get-session', { cookie: user.cookie });
    expect(session.body.user.name).toBe('New Name');
  });

  it("refuses a blank display name with 'Display name cannot be empty' and changes nothing", async () => {
    const user = await createUser(t, { name: 'keepme' });
    const res = await call(t, '/api/users/me/profile', {
      method: 'PUT',
      cookie: user.cookie,
      body: { displayName: '   ', bio: 'new bio', completeSetup: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Display name cannot be empty');
    const me = await call(t, '/api/users/me/profile', { cookie: user.cookie });
    expect(me.body).toMatchObject({ displayName: 'keepme', bio: '', setupComplete: false });
  });

  it('refuses a display name another user has, in any case, with 409', async () => {
    await createUser(t, { name: 'Taken' });
    const user = await createUser(t);
    const res = await call(t, '/api/users/me/profile', {
      method: 'PUT',
      cookie: user.cookie,
      body: { displayName: 'tAKEN' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('That display name is already taken. Please choose another.');
  });

  it('lets a user change the case of their own name', async () => {
    const user = await createUser(t, { name: 'casey' });
    const res = await call(t, '/api/users/me/profile', {
      method: 'PUT',
      cookie: user.cookie,
      body: { displayName: 'Casey' },
    });
    expect(res.status).toBe(200);
    expect(res.body.displayName).toBe('Casey');
  });

  it('refuses a bio over 500 characters', async () => {
    const user = await createUser(t);
    const res = await call(t, '/api/users/me/profile', {
      method: 'PUT',
      cookie: user.cookie,
      body: { bio: 'x'.repeat(501) },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/Bio must be 500 characters or less/);
  });

  it('answers a body of the wrong shape with 400', async () => {
    const user = await createUser(t);
    const res = await call(t, '/api/users/me/profile', { method: 'PUT', cookie: user.cookie, body: { bio: 42 } });
    expect(res.status).toBe(400);
  });
});

describe('profile picture', () => {
  it('re-encodes an image to a 512px WebP served with long caching', async () => {
    const user = await createUser(t);
    const res = await upload(user.cookie, await png(1200, 800), 'me.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.pictureUrl).toMatch(/^\/api\/files\/avatars\/.+\.webp$/);
    const file = await fetch(`${t.baseUrl}${res.body.pictureUrl}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a text file, even one named and typed as an image, and stores nothing', async () => {
    const user = await createUser(t);
    const before = storedFiles().length;
    const plain = await upload(user.cookie, Buffer.from('hello, not an image'), 'notes.txt', 'text/plain');
    expect(plain.status).toBe(400);
    expect(plain.body.error.message).toBe('Picture must be an image file');
    const renamed = await upload(user.cookie, Buffer.from('<?php echo 1; ?>'), 'cat.jpg', 'image/jpeg');
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.message).toBe('Picture must be an image file');
    expect(storedFiles().length).toBe(before);
    expect((await call(t, '/api/users/me/profile', { cookie: user.cookie })).body.pictureUrl).toBeNull();
  });

  it('refuses a file over 5 MB with 413', async () => {
    const user = await createUser(t);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(user.cookie, big, 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('Picture must be 5 MB or smaller');
  });

  it('refuses an image with more than 25 megapixels with 413', async () => {
    const user = await createUser(t);
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await upload(user.cookie, huge, 'huge.png', 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.error.message).toMatch(/too large/);
  });

  it('needs a session', async () => {
    const form = new FormData();
    form.append('picture', new Blob([new Uint8Array(await png(10, 10))], { type: 'image/png' }), 'a.png');
    const res = await fetch(`${t.baseUrl}/api/users/me/profile/picture`, { method: 'POST', body: form });
    expect(res.status).toBe(401);
  });

  it('answers a missing file with 404', async () => {
    expect((await fetch(`${t.baseUrl}/api/files/avatars/nope/none.webp`)).status).toBe(404);
  });

  it('never serves a file outside the uploads folder, however the path is encoded', async () => {
    // fetch() would normalise a literal '../' away before sending: these reach the file route as written.
    for (const path of ['..%2Fliner.db', '%2e%2e%2Fliner.db', '%2E%2E/liner.db', 'avatars%2F..%2F..%2Fliner.db']) {
      const res = await fetch(`${t.baseUrl}/api/files/${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('SQLite format');
    }
  });
});

describe('Fix My Profile', () => {
  it('reports no change for a profile that has the flag', async () => {
    const user = await createUser(t);
    const res = await call(t, '/api/users/me/profile/migrate', { method: 'POST', cookie: user.cookie, body: {} });
    expect(res.body).toEqual({ changed: false, message: 'Migration completed, but no changes were needed.' });
  });

  it('sets the flag for an account that lacks it', async () => {
    const user = await createUser(t);
    await t.database.handle.db
      .updateTable('profiles')
      .set({ setup_complete: null })
      .where('user_id', '=', user.id)
      .execute();
    const res = await call(t, '/api/users/me/profile/migrate', { method: 'POST', cookie: user.cookie, body: {} });
    expect(res.body).toEqual({
      changed: true,
      message: 'Profile successfully migrated! You can now use the app normally.',
    });
    expect((await call(t, '/api/users/me/profile', { cookie: user.cookie })).body.setupComplete).toBe(true);
  });
});

describe('public profiles', () => {
  it('finds a profile by display name in any letter case, without private fields', async () => {
    const user = await createUser(t, { name: 'Public Pat' });
    const res = await call(t, `/api/profiles/${encodeURIComponent('public pat')}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: user.id, displayName: 'Public Pat', followerCount: 0, followingCount: 0 });
    expect(res.body.email).toBeUndefined();
    expect(res.body.role).toBeUndefined();
  });

  it("answers an unknown name with 404 'User not found'", async () => {
    const res = await call(t, '/api/profiles/nobody-by-this-name');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('User not found');
  });
});
