// Part of `npm run lint`: the module map a newcomer reads is the module list the server has.
// docs/architecture.md holds one row per server module between `<!-- modules:start -->` and
// `<!-- modules:end -->`, in the form | `name` | owns … | dep1, dep2 | (deps sorted, `—` for
// none). This fails when a directory under apps/server/src/modules/ has no row, when a row names a
// module that does not exist, when a name is listed twice, or when a row's dependencies are not
// the ones the code has (server-module-graph.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleGraph } from './server-module-graph.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mapFile = 'docs/architecture.md';
const modulesDir = 'apps/server/src/modules';

const text = readFileSync(path.join(root, mapFile), 'utf8');
const start = text.indexOf('<!-- modules:start -->');
const end = text.indexOf('<!-- modules:end -->');
if (start === -1 || end === -1 || end < start) {
  console.error(`${mapFile}: the module map must sit between <!-- modules:start --> and <!-- modules:end -->.`);
  process.exit(1);
}

// A module's row starts with its name in backticks; the table's header and separator do not.
const listed = [];
const listedDeps = new Map();
for (const line of text.slice(start, end).split('\n')) {
  const row = /^\|\s*`([a-z0-9-]+)`\s*\|/.exec(line.trim());
  if (!row) continue;
  listed.push(row[1]);
  const cells = line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|');
  listedDeps.set(row[1], (cells.at(-1) ?? '').trim());
}

const actual = readdirSync(path.join(root, modulesDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const problems = [];
for (const name of actual) {
  if (!listed.includes(name)) problems.push(`module \`${name}\` (${modulesDir}/${name}) has no row in the map`);
}
for (const name of new Set(listed)) {
  if (!actual.includes(name)) problems.push(`the map lists \`${name}\`, but ${modulesDir}/${name} does not exist`);
  if (listed.filter((other) => other === name).length > 1) problems.push(`the map lists \`${name}\` more than once`);
}

const graph = moduleGraph();
for (const name of actual) {
  if (!listedDeps.has(name)) continue;
  const real = [...(graph.get(name) ?? [])].sort().join(', ') || '—';
  if (listedDeps.get(name) !== real) {
    problems.push(`\`${name}\` gets from others: the map says "${listedDeps.get(name)}", the code says "${real}"`);
  }
}

if (problems.length > 0) {
  console.error(`${mapFile} is out of date with ${modulesDir}:`);
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error('Add or remove the row between <!-- modules:start --> and <!-- modules:end -->.');
  process.exit(1);
}
console.log(`${mapFile}: the module map lists all ${actual.length} server modules.`);
