import { describe, expect, it } from 'vitest';
import { csvField, defuseFormula, toCsv } from './csv.ts';

describe('csvField (RFC 4180, every value quoted)', () => {
  it('quotes every value, plain text and empty ones too', () => {
    expect(csvField('Kind of Blue')).toBe('"Kind of Blue"');
    expect(csvField('Björk — Homogenic')).toBe('"Björk — Homogenic"');
    expect(csvField('')).toBe('""');
    expect(csvField(null)).toBe('""');
  });

  it('doubles inner quotes and keeps commas and line breaks inside the quotes', () => {
    expect(csvField('Crosby, Stills & Nash')).toBe('"Crosby, Stills & Nash"');
    expect(csvField('the "white" album')).toBe('"the ""white"" album"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('writes numbers, booleans and missing values plainly inside the quotes', () => {
    expect(csvField(4.5)).toBe('"4.5"');
    expect(csvField(0)).toBe('"0"');
    expect(csvField(true)).toBe('"true"');
    expect(csvField(false)).toBe('"false"');
    expect(csvField(undefined)).toBe('""');
    expect(csvField(Number.NaN)).toBe('""');
  });

  it('quotes only what needs it when asked not to quote everything', () => {
    expect(csvField('Radiohead', false)).toBe('Radiohead');
    expect(csvField(null, false)).toBe('');
    expect(csvField('a,b', false)).toBe('"a,b"');
  });
});

describe('formula injection (OWASP CSV injection)', () => {
  it.each([
    '=1+1',
    '+1',
    '-1',
    '@SUM(A1:A2)',
    '\t=1+1',
    '\r=1+1',
    // Read as a formula by spreadsheets whose separator is ';' or ',' once the prefix splits off.
    ';=1+1',
    ',=1+1',
    '" =1"',
    "'=1",
    ' =1',
    '\n=1',
    // Full-width forms, which some spreadsheets fold to their ASCII twins.
    '＝1',
    '＋1',
    '－1',
    '＠SUM(A1)',
    // Tab or CR first, whatever follows.
    '\tcmd',
    '\rcmd',
  ])('puts an apostrophe before %j', (text) => {
    expect(defuseFormula(text)).toBe(`'${text}`);
  });

  it('writes a defused cell quoted, inner quotes doubled', () => {
    expect(csvField(';=1+1')).toBe(`"';=1+1"`);
    expect(csvField('" =1"')).toBe(`"'"" =1"""`);
    expect(csvField('\t=1')).toBe(`"'\t=1"`);
  });

  it('prefixes text that only looks like a negative number, and keeps the rest of it', () => {
    expect(csvField('-1 for the mix')).toBe(`"'-1 for the mix"`);
  });

  it('leaves text alone when a formula character comes only after its first character', () => {
    expect(defuseFormula('a=b')).toBe('a=b');
    expect(defuseFormula('Sigur Rós (+)')).toBe('Sigur Rós (+)');
    expect(defuseFormula('4.5 stars')).toBe('4.5 stars');
  });

  it('keeps a value whose second line starts with = one quoted cell, never a row of its own', () => {
    // The line break stays inside the quotes, so the second line never starts a cell: OWASP asks
    // about a cell's first character only, and this one starts with text.
    const text = toCsv(['review'], [['Great record\n=1+1'], ['next']], { bom: false });
    expect(text).toBe('review\r\n"Great record\n=1+1"\r\n"next"\r\n');
  });

  it('defuses before quoting, so the quotes wrap the apostrophe', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });
});

describe('toCsv', () => {
  it('writes a BOM, the header and the rows with CRLF line ends', () => {
    const text = toCsv(
      ['album', 'rating'],
      [
        ['Blue', 4.5],
        ['Hats, gloves', null],
      ],
    );
    expect(text).toBe('\uFEFFalbum,rating\r\n"Blue","4.5"\r\n"Hats, gloves",""\r\n');
  });

  it('can leave the BOM out, and leaves the header bare as RateYourMusic writes it', () => {
    const text = toCsv(['RYM Album', ' First Name', 'Title'], [['', '', 'Low']], { bom: false });
    expect(text).toBe('RYM Album, First Name,Title\r\n"","","Low"\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe('\uFEFFa,b\r\n');
  });
});
