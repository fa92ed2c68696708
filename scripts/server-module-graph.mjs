// Which server module depends on which (read by check-module-cycles.mjs and check-architecture-map.mjs).
// A module depends on another when one of its files imports the other's index.ts: the services it is
// given are named in its own index.ts's `<Module>Needs` interfaces, typed by the other modules' index.ts
// (check-server-boundaries.mjs keeps module files other than index.ts from reaching for AppDeps).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/server/src');
const modulesDir = path.join(src, 'modules');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield full;
  }
}

export function moduleGraph() {
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
    }
  }
  return graph;
}
