// CI gate for the UI's languages (ADR 56): every word a person reads in the web app goes through
// Lingui's macros, so the catalogues hold it and the build refuses it untranslated. This finds
// words written straight into the web app: JSX text, the attributes a person reads or hears
// (aria-label, title, placeholder, alt, and components' label-like props), and strings shown as
// they are (a JSX expression's branches, label-like properties, page titles, error fallbacks).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/web/src');
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
  'busyLabel',
  'subtitle',
  'what',
  'empty',
]);

/** Words: something with a letter in it that is not a symbol, an entity or a brand (liner). */
const isWords = (text) => /\p{L}{2,}/u.test(text) && text.trim() !== 'liner';

/** Words a person reads also reach the screen as such values: a label in an options list, a title. */
const READ_PROPERTIES = new Set([...READ_ATTRIBUTES, 'message', 'text', 'name']);
/** Calls whose argument is what the page shows: its title, an error's fallback words. */
const READ_CALLS = new Set(['useDocumentTitle', 'userMessage']);

const literalText = (node) =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
    ? node.text
    : ts.isTemplateExpression(node)
      ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ')
      : undefined;

/**
 * Whether a string literal is shown as it is: a JSX child or read attribute (`{busy ? 'Saving…' :
 * 'Save'}`, `{error && 'Failed'}`), a label-like property, or a read call's argument, also through
 * a condition or a fallback.
 */
function isShown(node) {
  let at = node;
  while (
    ts.isParenthesizedExpression(at.parent) ||
    (ts.isConditionalExpression(at.parent) && at.parent.condition !== at) ||
    (ts.isBinaryExpression(at.parent) &&
      at.parent.right === at &&
      [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(
        at.parent.operatorToken.kind,
      ))
  )
    at = at.parent;
  const parent = at.parent;
  if (!parent) return false;
  if (ts.isJsxExpression(parent))
    return ts.isJsxAttribute(parent.parent) ? READ_PROPERTIES.has(parent.parent.name.getText()) : true;
  if (ts.isPropertyAssignment(parent)) {
    if (parent.initializer !== at) return false;
    if (READ_PROPERTIES.has(parent.name.getText())) return true;
    // `labels={{ password: 'Password' }}`: every value of an object handed to a label-like attribute.
    const attribute = parent.parent.parent?.parent;
    return Boolean(attribute && ts.isJsxAttribute(attribute) && /label/i.test(attribute.name.getText()));
  }
  if (ts.isCallExpression(parent)) return parent.arguments.includes(at) && READ_CALLS.has(parent.expression.getText());
  return false;
}

function rawStrings(file) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
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
    const text = literalText(node);
    // A tagged template is Lingui's `t` already; an attribute's plain string is checked above.
    if (
      text !== undefined &&
      isWords(text) &&
      !ts.isJsxAttribute(node.parent) &&
      !ts.isTaggedTemplateExpression(node.parent)
    ) {
      if (isShown(node)) found.push(`${where(node)} '${text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = ts.sys
  .readDirectory(src, ['.ts', '.tsx'])
  .filter((file) => !/\.test\.tsx?$|\.d\.ts$|[\\/]testing[\\/]/.test(file))
  .map((file) => path.resolve(file));
const problems = files.flatMap(rawStrings);
if (problems.length > 0) {
  console.error(`Words written straight into the UI, not through Lingui (ADR 56):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`UI strings: no words written straight into any of the web app's ${files.length} source files.`);
