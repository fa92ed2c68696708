import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../lib/csv.ts';
import { readCsv } from './csv-read.ts';

const fieldsOf = (text: string) => readCsv(text).map((row) => row.fields);

describe('readCsv (RFC 4180, the reading side of lib/csv.ts)', () => {
  it('splits on commas and keeps commas, quotes and line breaks inside quoted fields', () => {
    expect(fieldsOf('a,"b, c","say ""hi""","two\nlines"\n')).toEqual([['a', 'b, c', 'say "hi"', 'two\nlines']]);
  });

  it('reads CRLF and LF line ends alike, and a last line with none', () => {
    expect(fieldsOf('a,b\r\nc,d\ne,f')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });

  it('gives each row the line it starts on, counting line breaks inside quotes', () => {
    const rows = readCsv('h1,h2\n"x","first\r\nsecond\nthird"\ny,z\n');
    expect(rows.map((row) => row.line)).toEqual([1, 2, 5]);
    expect(rows[1]?.fields[1]).toBe('first\nsecond\nthird');
  });

  it('skips a leading byte order mark, so the header compares equal', () => {
    expect(fieldsOf('\uFEFFRYM Album, First Name\n')).toEqual([['RYM Album', ' First Name']]);
  });

  it('skips blank lines and keeps empty fields', () => {
    expect(fieldsOf('a,,c\n\n\r\n"",x\n')).toEqual([
      ['a', '', 'c'],
      ['', 'x'],
    ]);
  });

  it('keeps a stray quote inside an unquoted field as text, as exporters that never quote write it', () => {
    expect(fieldsOf('12" single,"quoted"tail\n')).toEqual([['12" single', 'quotedtail']]);
  });

  it('reads back what lib/csv.ts writes', () => {
    const rows = [
      ['Björk', 'Homogenic', 1997],
      ['Simon & Garfunkel', 'Bridge over "Troubled" Water', null],
      ['Crosby, Stills, Nash & Young', 'Line one\r\nline two', 4.5],
    ];
    const text = toCsv(['artist', 'title', 'value'], rows);
    expect(fieldsOf(text)).toEqual([
      ['artist', 'title', 'value'],
      ['Björk', 'Homogenic', '1997'],
      ['Simon & Garfunkel', 'Bridge over "Troubled" Water', ''],
      ['Crosby, Stills, Nash & Young', 'Line one\nline two', '4.5'],
    ]);
  });

  it('reads nothing from an empty file or one of blank lines', () => {
    expect(readCsv('')).toEqual([]);
    expect(readCsv('\n\r\n\n')).toEqual([]);
  });
});
