// Which server module depends on which (read by check-module-cycles.mjs and check-architecture-map.mjs).
// A module depends on another when one of its files imports the other's index.ts, or when a service
// asks for another module's service through AppDeps (`Pick<AppDeps, 'posts' | …>`); which module
// owns each AppDeps key is read from app-deps.ts's imports.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/server/src');
const modulesDir = path.join(src, 'modules');

/** AppDeps key → owning module, from app-deps.ts: `import type { A, B } from './modules/m/index.ts'` and `key: A;`. */
function ownersOfDeps() {
  const text = readFileSync(path.join(src, 'app-deps.ts'), 'utf8');
  const typeModule = new Map();
  for (const match of text.matchAll(/import type \{([^}]*)\} from '\.\/modules\/([^/]+)\/index\.ts'/g)) {
    for (const name of match[1]
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      typeModule.set(name.replace(/^type\s+/, ''), match[2]);
    }
  }
  const owners = new Map();
  for (const match of text.matchAll(/^\s+(\w+): (\w+)(?: \| undefined)?;$/gm)) {
    const module = typeModule.get(match[2]);
    if (module) owners.set(match[1], module);
  }
  return owners;
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield full;
  }
}

export function moduleGraph() {
  const owners = ownersOfDeps();
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const graph = new Map(modules.map((name) => [name, new Set()]));
  for (const module of modules) {
    for (const file of files(path.join(modulesDir, module))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/from '\.\.\/([^/.]+)\/index\.ts'/g)) {
        if (match[1] !== module) graph.get(module).add(match[1]);
      }
      for (const match of text.matchAll(/Pick<\s*AppDeps,\s*([^>]*)>/g)) {
        for (const key of match[1].matchAll(/'(\w+)'/g)) {
          const owner = owners.get(key[1]);
          if (owner && owner !== module) graph.get(module).add(owner);
        }
      }
    }
  }
  return graph;
}
