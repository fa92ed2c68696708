// CI gate for the UI's languages (ADR 56): every word a person reads in the web app goes through
// Lingui's macros, so the catalogues hold it and the build refuses it untranslated. This finds
// words written straight into the components: JSX text, and the attributes a person reads or
// hears (aria-label, title, placeholder, alt, and components' label-like props). Files still to move are listed in
// apps/web/src/locales/pending-files.txt: one there with no such words left, or one elsewhere
// with some, fails the check.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/web/src');
const pendingFile = path.join(src, 'locales/pending-files.txt');
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  // Components' props that end up as such text or as visible words.
  'label',
  'description',
  'heading',
  'hint',
  'confirmLabel',
  'empty',
]);

/** Words: something with a letter in it that is not a symbol, an entity or a brand (liner). */
const isWords = (text) => /\p{L}{2,}/u.test(text) && text.trim() !== 'liner';

function rawStrings(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const where = (node) =>
    `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node) => {
    if (ts.isJsxText(node) && isWords(node.getText())) found.push(`${where(node)} ${node.getText().trim()}`);
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText())) {
      const value = node.initializer;
      const text = value && ts.isStringLiteral(value) ? value.text : undefined;
      if (text && isWords(text)) found.push(`${where(node)} ${node.name.getText()}="${text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = ts.sys
  .readDirectory(src, ['.tsx'])
  .filter((file) => !/\.test\.tsx$|[\\/]testing[\\/]/.test(file))
  .map((file) => path.resolve(file));
const pending = new Set(
  readFileSync(pendingFile, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => path.join(src, line)),
);

const problems = [];
let pendingWithWords = 0;
for (const file of files) {
  const found = rawStrings(file);
  if (pending.has(file)) {
    if (found.length === 0)
      problems.push(`${path.relative(src, file)}: no words left to move, take it off pending-files.txt`);
    else pendingWithWords += 1;
  } else problems.push(...found);
}
for (const file of pending)
  if (!files.includes(file)) problems.push(`${path.relative(src, file)}: listed as pending, but no such file`);

if (problems.length > 0) {
  console.error(`Words written straight into the UI, not through Lingui (ADR 56):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `UI strings: no words written into ${files.length - pendingWithWords} of ${files.length} component files; ${pendingWithWords} still to move (pending-files.txt).`,
);
