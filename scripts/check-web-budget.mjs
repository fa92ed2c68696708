// CI gate for DESIGN.md's web budget: the JavaScript the home route loads before its first paint,
// gzipped. Run after `npm run build`; exits 1 when over budget.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** DESIGN.md, "Performance budgets": home route initial JavaScript ≤ 105 kB gzipped (120 until ADR 47). */
const BUDGET_GZIP_KB = 105;
/** The entry, and the route module React Router loads (lazy) before it renders "/". */
const ENTRY = 'index.html';
const HOME_ROUTE = 'src/app/routes/home.tsx';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`${path.relative(process.cwd(), manifestFile)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** The chunk of `key` and every chunk it imports statically; dynamic imports are not initial. */
function staticGraph(key, seen = new Map()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (seen.has(chunk.file)) return seen;
  seen.set(chunk.file, key);
  for (const imported of chunk.imports ?? []) staticGraph(imported, seen);
  return seen;
}

const files = staticGraph(HOME_ROUTE, staticGraph(ENTRY));
// kB of 1000 bytes and zlib's default level, as Vite's own build report prints them.
const kb = (bytes) => bytes / 1000;
const rows = [...files.keys()].map((file) => {
  const content = readFileSync(path.join(dist, file));
  return { file, raw: kb(content.length), gzip: kb(gzipSync(content).length) };
});
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const width = Math.max(...rows.map((row) => row.file.length), 5);
console.log(`${'file'.padEnd(width)}  ${'raw kB'.padStart(8)}  ${'gzip kB'.padStart(8)}`);
for (const row of rows) {
  console.log(`${row.file.padEnd(width)}  ${row.raw.toFixed(2).padStart(8)}  ${row.gzip.toFixed(2).padStart(8)}`);
}
console.log(`${'total'.padEnd(width)}  ${''.padStart(8)}  ${total.toFixed(2).padStart(8)}`);
if (total > BUDGET_GZIP_KB) {
  console.error(`home route initial JavaScript: ${total.toFixed(2)} kB gzip, over the ${BUDGET_GZIP_KB} kB budget`);
  process.exit(1);
}
console.log(`home route initial JavaScript: ${total.toFixed(2)} kB gzip, within the ${BUDGET_GZIP_KB} kB budget`);
