import { createReadStream } from 'node:fs';
import { access, constants, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type FileStore, FileStoreCheckError, isSafeKey } from './store.ts';

/** Local-disk driver under DATA_DIR/uploads. */
export function createDiskFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, file);
    },
    async open(key) {
      if (!isSafeKey(key)) return null;
      const file = path.join(root, key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await unlink(resolve(key)).catch(() => {});
    },
    async check() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        throw new FileStoreCheckError('DATA_DIR', `cannot write files to ${root} (${code})`, { cause: error });
      }
    },
    async close() {},
  };
}
