import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The checkout's root: the nearest directory at or above `from` whose package.json declares
 * workspaces. Found by walking up rather than by a fixed '../../..': the server runs both from
 * apps/server/src (tsx) and bundled into apps/server/dist (ADR 28), at different depths.
 */
export function findRepoRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json with "workspaces" at or above ${from}`);
  }
}

export const REPO_ROOT = findRepoRoot(import.meta.dirname);

/** liner's version, as package.json gives it (NodeInfo and the User-Agent of requests to other servers). */
export const SOFTWARE_VERSION: string = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).version;
