// Part of `npm run lint`: every colour the web app paints is a theme token, so a change of palette
// (or a contrast fix) is one edit in apps/web/src/styles/theme.css and cannot be missed elsewhere.
// Fails, listing file:line, when a .css, .ts or .tsx file under apps/web/src other than theme.css holds
//   1. a hard-coded colour: a hex (#fff), a colour function whose arguments read no custom property
//      (rgb(0 0 0 / 0.5); rgb(var(--color-bg-rgb) / 0.9) is a token with an alpha, and fine), or a
//      named colour (white, black, …; transparent, currentColor and inherit are not colours);
//      in script, a hex or colour function in any string, a name only where a colour prop takes it;
//   2. a var(--x) that no CSS file under apps/web/src defines (a typo, or a token never written).
// Tests are exempt: they inspect what is painted, they do not paint.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/web/src');
const THEME = 'styles/theme.css';

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.(css|tsx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

// CSS Color 4's named colours, less the keywords that are not a colour of their own.
const NAMED = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown
  burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
  darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid
  darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet
  deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro
  ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki
  lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow
  lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
  lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine
  mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise
  mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab
  orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru
  pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown
  seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan
  teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen`.split(/\s+/),
);
// Not a URL's fragment ('/#top', 'page#abc').
const HEX = /(?<![\w/.&?=-])#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/gi;
const COLOUR_FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/gi;
const WORD = /(?<![\w-])[a-z]+(?![\w-])/gi;
// A TSX prop or style key that takes a colour: only there is a bare word a colour name.
const TSX_COLOUR_PROP =
  /\b(?:color|background|backgroundColor|borderColor|border|outline|outlineColor|fill|stroke|stopColor|floodColor|caretColor|accentColor|textDecorationColor|boxShadow|textShadow)\s*[:=]\s*\{?\s*(['"`])((?:(?!\1)[^\n])*)\1/g;

/** Blanks comments (and, for CSS, quoted strings) while keeping offsets, so line numbers stay true. */
function blank(text, pattern) {
  return text.replace(pattern, (match) => match.replace(/[^\n]/g, ' '));
}

/** The argument text of the function call whose '(' is at `open`. */
function argumentsAt(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

function colourProblems(text, offset, push) {
  for (const m of text.matchAll(HEX)) push(offset + m.index, `hard-coded colour ${m[0]}`);
  for (const m of text.matchAll(COLOUR_FUNCTION)) {
    const args = argumentsAt(text, m.index + m[0].length - 1);
    if (!args.includes('var(--')) push(offset + m.index, `hard-coded colour ${m[0]}${args})`);
  }
  for (const m of text.matchAll(WORD)) {
    if (NAMED.has(m[0].toLowerCase())) push(offset + m.index, `named colour '${m[0]}'`);
  }
}

// Set at run time on the element by Base UI's popups (the header search's dropdown), not in CSS.
const defined = new Set(['--anchor-width', '--available-height']);
const used = [];
const problems = [];

for (const file of files(src)) {
  const rel = path.relative(src, file).split(path.sep).join('/');
  const raw = readFileSync(file, 'utf8');
  const isCss = file.endsWith('.css');
  const text = isCss ? blank(raw, /\/\*[\s\S]*?\*\//g) : blank(raw, /\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g);
  const lineOf = (index) => raw.slice(0, index).split('\n').length;
  const push = (index, what) => problems.push(`apps/web/src/${rel}:${lineOf(index)}: ${what}`);

  for (const m of text.matchAll(/var\(\s*(--[\w-]+)/g)) {
    used.push({ name: m[1], where: `apps/web/src/${rel}:${lineOf(m.index)}` });
  }
  if (isCss) {
    for (const m of text.matchAll(/(--[\w-]+)\s*:/g)) defined.add(m[1]);
  }
  if (rel === THEME) continue;

  if (isCss) {
    // Declarations only (not selectors such as #id or a[href="#top"]), quoted strings blanked.
    const css = blank(text, /"[^"\n]*"|'[^'\n]*'/g);
    for (const m of css.matchAll(/([-\w]+)\s*:([^;{}]*)(?=[;}])/g)) {
      colourProblems(m[2], m.index + m[0].length - m[2].length, push);
    }
  } else {
    for (const m of text.matchAll(/(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g)) {
      const body = m[2];
      for (const h of body.matchAll(HEX)) push(m.index + 1 + h.index, `hard-coded colour ${h[0]}`);
      for (const f of body.matchAll(COLOUR_FUNCTION)) {
        const args = argumentsAt(body, f.index + f[0].length - 1);
        if (!args.includes('var(--')) push(m.index + 1 + f.index, `hard-coded colour ${f[0]}${args})`);
      }
    }
    for (const m of text.matchAll(TSX_COLOUR_PROP)) {
      const start = m.index + m[0].length - m[2].length - 1;
      for (const w of m[2].matchAll(WORD)) {
        if (NAMED.has(w[0].toLowerCase())) push(start + w.index, `named colour '${w[0]}'`);
      }
    }
  }
}

for (const { name, where } of used) {
  if (!defined.has(name)) problems.push(`${where}: var(${name}) is used but no CSS file defines it`);
}

if (problems.length > 0) {
  console.error(
    `Theme tokens: ${problems.length} problem(s). Name the colour in apps/web/src/${THEME} and use var(--…):`,
  );
  for (const problem of problems.sort()) console.error(`  ${problem}`);
  process.exit(1);
}
