import { open, rename, rm } from 'node:fs/promises';
import * as tar from 'tar';

/**
 * The archive itself: a gzipped tar, written beside its destination and renamed into place only
 * once complete and on disk, so a file at that path is always a whole backup.
 */
export async function writeArchive(staging: string, paths: string[], destination: string): Promise<void> {
  const partial = `${destination}.partial`;
  try {
    // portable: no user and group names or ids, which mean nothing on the machine that restores.
    // Readable by its owner only, like the secret and the database it holds.
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true, mode: 0o600 }, paths);
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, destination);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Unpacks an archive into `into`, regular files and directories only: tar's own guards refuse
 * absolute paths and `..`, and in strict mode any damage is an error rather than a warning.
 */
export async function extractArchive(file: string, into: string): Promise<void> {
  try {
    await tar.extract({
      file,
      cwd: into,
      strict: true,
      filter: (_path, entry) => !('type' in entry) || entry.type === 'File' || entry.type === 'Directory',
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw new Error(`Cannot read ${file}`);
    const reason = (error as Error).message.replace(/^TAR_[A-Z_]+: /, '');
    throw new Error(`${file} is not a liner backup: not a tar.gz archive, or a damaged one (${reason})`);
  }
}
