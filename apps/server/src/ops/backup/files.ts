import { createHash } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** A file of the archive: its path inside it ('/'-separated), size and SHA-256. */
export interface FileEntry {
  path: string;
  size: number;
  sha256: string;
}

/** Every regular file under `root`, as '/'-separated paths relative to it; none when it is missing. */
export async function listFiles(root: string, prefix = ''): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(root, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files.sort();
}

export function onDisk(root: string, relative: string): string {
  return path.join(root, ...relative.split('/'));
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export async function describeFile(root: string, relative: string): Promise<FileEntry> {
  const file = onDisk(root, relative);
  const [info, sha256] = await Promise.all([stat(file), sha256File(file)]);
  return { path: relative, size: info.size, sha256 };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
