import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../lib/repo-root.ts';

const root = REPO_ROOT;

export interface LinerVersion {
  /** package.json's version; null while it has none. */
  version: string | null;
  /** The checked-out commit, when this is a git clone: what to check out again to roll back. */
  commit: string | null;
}

export function linerVersion(): LinerVersion {
  let version: string | null = null;
  try {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: unknown };
    version = typeof pkg.version === 'string' ? pkg.version : null;
  } catch {}
  const git = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const commit = !git.error && git.status === 0 ? git.stdout.trim() : null;
  return { version, commit };
}
