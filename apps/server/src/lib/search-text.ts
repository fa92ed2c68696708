/**
 * Search folding shared by what we store and what we look for, so "bjork" finds "Björk", "cafe"
 * finds "Café" and "DONT" finds "Don't" on both dialects: NFKD, combining marks dropped, lowercase,
 * a few letters that have no decomposition spelled out, apostrophes removed, anything that is not
 * a letter or digit a word break.
 */

const LETTERS: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
};
const LETTER_PATTERN = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/** Words of a text, folded for search. */
export function searchWords(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(LETTER_PATTERN, (letter) => LETTERS[letter] ?? letter)
    .replace(/['’ʼ`´]/g, '');
  return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

export function searchField(text: string): string {
  return searchWords(text).join(' ');
}

/**
 * The stored `search_text` of a row: its fields folded, split by " | ", with a leading space, so
 * `LIKE '% word%'` finds a word start anywhere and `LIKE ' title |%'` an exact first field.
 * Folded words never contain '|', '%' or '_', so neither the separator nor LIKE needs escaping.
 */
export function searchText(fields: string[]): string {
  return ` ${fields.map(searchField).join(' | ')}`;
}

/** The fields of a stored `search_text`, folded (the inverse of searchText). */
export function searchFields(stored: string): string[] {
  return stored.slice(1).split(' | ');
}

/**
 * Title or artist as compared: search folding, "&" read as "and", a leading "the" dropped. Imports
 * compare their rows with the catalogue's albums by the same key.
 */
export function nameKey(text: string): string {
  const words = searchWords(text.replace(/&/g, ' and '));
  return (words[0] === 'the' && words.length > 1 ? words.slice(1) : words).join(' ');
}
