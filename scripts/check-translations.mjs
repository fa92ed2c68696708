// CI gate for the UI's languages (ADR 56): the catalogues hold every message the code has, and
// nothing else (extraction would change none of them), and every language translates every one
// (the build itself refuses a catalogue with a message missing: failOnMissing in the Vite plugin).
// The catalogues are put back as they were, whatever extraction wrote.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const locales = path.join(web, 'src/locales');
const catalogues = readdirSync(locales).filter((file) => file.endsWith('.po'));
const before = new Map(catalogues.map((file) => [file, readFileSync(path.join(locales, file), 'utf8')]));

let changed = [];
try {
  execFileSync(process.execPath, [path.join(web, '../../node_modules/.bin/lingui'), 'extract', '--clean'], {
    cwd: web,
    stdio: 'pipe',
  });
  changed = catalogues.filter((file) => readFileSync(path.join(locales, file), 'utf8') !== before.get(file));
} finally {
  for (const [file, text] of before) writeFileSync(path.join(locales, file), text);
}
if (changed.length > 0) {
  console.error(
    `The catalogues are behind the code (${changed.join(', ')}): run \`npm run i18n:extract\`, then translate what it added.`,
  );
  process.exit(1);
}
console.log(`Catalogues up to date with the code: ${catalogues.join(', ')}.`);
