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
