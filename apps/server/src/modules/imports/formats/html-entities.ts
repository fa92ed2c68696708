/**
 * RateYourMusic writes its export's values HTML-escaped ("Simon &amp; Garfunkel"; importers such as
 * ishwi/Chuu unescape every value, jivison/gowon-indexer unescapes &amp; and &#34;). The named
 * entities below and numeric ones cover what an escaper writes; any other named entity is left as
 * it is rather than guessed.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
};

const ENTITY = /&(#\d{1,7}|#[xX][\da-fA-F]{1,6}|[a-zA-Z]+);/g;

function codePoint(reference: string): string | null {
  const hex = reference[1] === 'x' || reference[1] === 'X';
  const code = Number.parseInt(reference.slice(hex ? 2 : 1), hex ? 16 : 10);
  const surrogate = code >= 0xd800 && code <= 0xdfff;
  return code > 0 && code <= 0x10ffff && !surrogate ? String.fromCodePoint(code) : null;
}

/** Text with its character references decoded, once: "&amp;amp;" becomes "&amp;", as written. */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, reference: string) =>
    reference.startsWith('#') ? (codePoint(reference) ?? whole) : (NAMED[reference] ?? whole),
  );
}
