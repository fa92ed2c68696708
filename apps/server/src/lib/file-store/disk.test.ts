import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskFileStore } from './disk.ts';
import { FileStoreCheckError } from './store.ts';

let dir: string;
let root: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'liner-disk-store-'));
  root = path.join(dir, 'uploads');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('disk file store', () => {
  it('stores a file under its key and opens it with its size, leaving no temporary file', async () => {
    const store = createDiskFileStore(root);
    await store.put('avatars/u1/abc.webp', Buffer.from('picture bytes'));
    const file = await store.open('avatars/u1/abc.webp');
    if (!file) throw new Error('the stored file did not open');
    expect(file.size).toBe(13);
    expect(await text(file.stream)).toBe('picture bytes');
    expect(readdirSync(path.join(root, 'avatars/u1'))).toEqual(['abc.webp']);
  });

  it('opens a missing file, a folder or an unsafe key as null', async () => {
    const store = createDiskFileStore(root);
    await store.put('avatars/u1/abc.webp', Buffer.from('x'));
    writeFileSync(path.join(dir, 'secret.db'), 'SQLite format 3');
    for (const key of [
      'avatars/u1/none.webp',
      'avatars/u1',
      '../secret.db',
      'avatars/../../secret.db',
      '/etc/passwd',
    ]) {
      expect(await store.open(key), key).toBeNull();
    }
  });

  it('refuses to write or remove outside its folder', async () => {
    const store = createDiskFileStore(root);
    await expect(store.put('../escape.webp', Buffer.from('x'))).rejects.toThrow('unsafe file key');
    await expect(store.remove('../secret.db')).rejects.toThrow('unsafe file key');
    expect(existsSync(path.join(dir, 'escape.webp'))).toBe(false);
  });

  it('removes a file, and a missing one without complaint', async () => {
    const store = createDiskFileStore(root);
    await store.put('covers/a.webp', Buffer.from('x'));
    await store.remove('covers/a.webp');
    expect(await store.open('covers/a.webp')).toBeNull();
    await expect(store.remove('covers/a.webp')).resolves.toBeUndefined();
  });

  it('checks that its folder can be written, creating it', async () => {
    await expect(createDiskFileStore(root).check()).resolves.toBeUndefined();
    expect(existsSync(root)).toBe(true);
    const blocked = path.join(dir, 'a-file');
    writeFileSync(blocked, '');
    const problem = await createDiskFileStore(path.join(blocked, 'uploads'))
      .check()
      .catch((error: unknown) => error);
    expect(problem).toBeInstanceOf(FileStoreCheckError);
    expect(problem).toMatchObject({
      variable: 'DATA_DIR',
      message: expect.stringMatching(/^cannot write files to .+ \(ENOTDIR\)$/),
    });
  });
});
