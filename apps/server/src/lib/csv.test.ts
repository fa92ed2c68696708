import { describe, expect, it } from 'vitest';
import { csvField, defuseFormula, toCsv } from './csv.ts';

describe('csvField (RFC 4180)', () => {
  it('leaves plain text bare', () => {
    expect(csvField('Kind of Blue')).toBe('Kind of Blue');
    expect(csvField('Björk — Homogenic')).toBe('Björk — Homogenic');
  });

  it('quotes a field with a comma, a quote or a line break, doubling inner quotes', () => {
    expect(csvField('Crosby, Stills & Nash')).toBe('"Crosby, Stills & Nash"');
    expect(csvField('the "white" album')).toBe('"the ""white"" album"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('writes numbers, booleans and missing values plainly', () => {
    expect(csvField(4.5)).toBe('4.5');
    expect(csvField(0)).toBe('0');
    expect(csvField(true)).toBe('true');
    expect(csvField(false)).toBe('false');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes every value when asked, empty ones too', () => {
    expect(csvField('Radiohead', true)).toBe('"Radiohead"');
    expect(csvField(null, true)).toBe('""');
    expect(csvField(10, true)).toBe('"10"');
  });
});

describe('formula injection (OWASP CSV injection)', () => {
  it.each(['=1+1', '+44', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])('puts an apostrophe before %j', (text) => {
    expect(defuseFormula(text)).toBe(`'${text}`);
  });

  it('leaves text that only contains those characters later alone', () => {
    expect(defuseFormula('a=b')).toBe('a=b');
    expect(defuseFormula(' =x')).toBe(' =x');
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
    expect(text).toBe('\uFEFFalbum,rating\r\nBlue,4.5\r\n"Hats, gloves",\r\n');
  });

  it('can leave the BOM out and quote every value but not the header', () => {
    const text = toCsv(['RYM Album', ' First Name', 'Title'], [['', '', 'Low']], { bom: false, quoteAll: true });
    expect(text).toBe('RYM Album, First Name,Title\r\n"","","Low"\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe('\uFEFFa,b\r\n');
  });
});
