import { copyFile, link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { listFiles, onDisk } from './files.ts';

/** The disk file store's half-written file (`<key>.<pid>.tmp`, renamed into place when complete). */
const IN_PROGRESS = /\.\d+\.tmp$/;

/**
 * Puts every uploaded file of `source` (DATA_DIR/uploads) into `target`, skipping those already
 * there, and returns how many it added. A hard link when both are on one file system (instant, and
 * the bytes stay even if the server deletes the file meanwhile), a copy otherwise.
 *
 * Called before and after the database copy: a file the copied database names was written before
 * that copy, so it is caught by the first pass, or by the second if it was new; a picture replaced
 * meanwhile was linked by the first pass before the server removed it.
 */
export async function stageUploads(source: string, target: string, staged: Set<string>): Promise<number> {
  let added = 0;
  for (const file of await listFiles(source)) {
    if (staged.has(file) || IN_PROGRESS.test(file)) continue;
    const from = onDisk(source, file);
    const to = onDisk(target, file);
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await link(from, to).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'EXDEV' || error.code === 'EPERM' || error.code === 'ENOTSUP') await copyFile(from, to);
        else throw error;
      });
    } catch (error) {
      // Deleted since the listing: a picture replaced or removed meanwhile.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    staged.add(file);
    added += 1;
  }
  return added;
}
