import { IMPORT_EMPTY, IMPORT_TOO_MANY_ROWS, IMPORT_WRONG_FORMAT } from '@liner/shared';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../lib/csv.ts';
import { RYM_HEADER } from '../../../lib/rym-format.ts';
import {
  lastfmCsv,
  listenBrainzZip,
  messyRymExport,
  rymCsv,
  rymOfShortRows,
} from '../../../test/import-files/fixtures.ts';
import { parseRym } from './rym.ts';
import { ImportFormatError, type ParsedRow } from './types.ts';

const options = { today: '2025-06-30' };
const parse = (bytes: Buffer) => parseRym(bytes, options);
const fromText = (text: string) => parse(Buffer.from(text, 'utf8'));

/** Lines as a real "EXPORT YOUR DATA" file has them (dukhevych/rym-lastfm-stats, src/data.csv). */
const REAL_EXPORT = [
  'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type',
  '"16279528","","제니","","Jennie","Ruby","2025","8","n","",""',
  '"4524454","","6:33 &amp; Arno Strobl","","","The Stench From the Swelling","2013","8","n","",""',
  '"13609101","The","Agonist","","","Days Before the World Wept","2021","5","n","",""',
  '"15359008","Haralabos [Harry]","Stafylakis","","","Calibrating Friction","2023","9","n","",""',
  '"3944511","","야야 / 夜夜 [YAYA]","","","곡예 / 曲藝 (Circus)","2011","8","n","",""',
  '"9570199","","Igorrr","","","Savage Sinusoid [pale blue marbled vinyl]","2017","0","o","","LP"',
  '',
].join('\n');

/**
 * "EXPORT WITH REVIEWS" as RYM writes it: two spaces between the comma and the quoted Review
 * (the first three lines byte for byte from the export pasted in Lidarr/Lidarr#763), then rows of
 * the same layout whose reviews hold a comma, a line break and doubled quotes, and an unrated
 * wishlist row with an empty review.
 */
const REAL_EXPORT_WITH_REVIEWS = [
  RYM_HEADER.join(','),
  '"22049","","Annihilator","","","Waking the Fury","2002","0","o","","CD",  ""',
  '"36643","","Banco del Mutuo Soccorso","","","Come in un\'ultima cena","1976","8","o","","CD",  ""',
  '"1631034","Sergio","Caputo","","","A tu per tu","2006","8","o","","MP3",  ""',
  '"1950960","","Carcass","","","Heartwork","1994","8","o","","CD",  "Melodic, heavy, and &amp; catchy"',
  '"35750","","Coroner","","","R.I.P.","1987","7","o","","CD",  "First line,\nsecond line with a ""quote"""',
  '"265616","","Candlemass","","","Candlemass","2005","0","w","","",  ""',
  '',
].join('\n');

describe('parseRym: a RateYourMusic export', () => {
  it('stops at the row limit while reading, not after: 2 million one-character rows', () => {
    expect(() => parse(rymOfShortRows())).toThrow(new ImportFormatError(IMPORT_TOO_MANY_ROWS));
  });

  it('reads the export with reviews as RYM writes it, two spaces before the quoted review', () => {
    const rows = fromText(REAL_EXPORT_WITH_REVIEWS);
    expect(rows.map((row) => row.kind)).toEqual(['album', 'album', 'album', 'album', 'album', 'album']);
    expect(rows).toEqual([
      expect.objectContaining({ line: 2, artist: 'Annihilator', rating: null, review: null, ownership: 'owned' }),
      expect.objectContaining({ line: 3, title: "Come in un'ultima cena", rating: 8, review: null }),
      expect.objectContaining({ line: 4, artist: 'Sergio Caputo', rating: 8, review: null }),
      expect.objectContaining({ line: 5, title: 'Heartwork', review: 'Melodic, heavy, and & catchy' }),
      expect.objectContaining({ line: 6, title: 'R.I.P.', review: 'First line,\nsecond line with a "quote"' }),
      expect.objectContaining({ line: 8, artist: 'Candlemass', rating: null, review: null, ownership: 'wishlist' }),
    ]);
  });

  it('reads a real export: names joined, entities decoded, localized names kept apart, 0 as unrated', () => {
    expect(fromText(REAL_EXPORT)).toEqual([
      {
        kind: 'album',
        line: 2,
        artist: '제니',
        localizedArtist: 'Jennie',
        title: 'Ruby',
        year: 2025,
        rating: 8,
        review: null,
        ownership: null,
      },
      {
        kind: 'album',
        line: 3,
        artist: '6:33 & Arno Strobl',
        title: 'The Stench From the Swelling',
        year: 2013,
        rating: 8,
        review: null,
        ownership: null,
      },
      expect.objectContaining({ line: 4, artist: 'The Agonist', title: 'Days Before the World Wept', rating: 5 }),
      expect.objectContaining({ line: 5, artist: 'Haralabos Stafylakis', title: 'Calibrating Friction' }),
      expect.objectContaining({ line: 6, artist: '야야 / 夜夜', title: '곡예 / 曲藝 (Circus)' }),
      // Brackets in a title are the title's: only names carry localized forms.
      expect.objectContaining({ title: 'Savage Sinusoid [pale blue marbled vinyl]', rating: null, ownership: 'owned' }),
    ]);
  });

  it('reads the export with reviews: each review trimmed, entities decoded, a blank one none', () => {
    const bytes = rymCsv([
      {
        lastName: 'Radiohead',
        title: 'OK Computer',
        year: 1997,
        rating: 9,
        review: '  Paranoid, "android"\nand more ',
      },
      { firstName: 'Miles', lastName: 'Davis', title: 'Kind of Blue', rating: 10, review: '   ' },
    ]);
    expect(bytes.toString('utf8')).toContain('"  Paranoid, &#34;android&#34;\nand more "');
    expect(parse(bytes)).toEqual([
      {
        kind: 'album',
        line: 2,
        artist: 'Radiohead',
        title: 'OK Computer',
        year: 1997,
        rating: 9,
        review: 'Paranoid, "android"\nand more',
        ownership: null,
      },
      {
        kind: 'album',
        line: 4,
        artist: 'Miles Davis',
        title: 'Kind of Blue',
        year: null,
        rating: 10,
        review: null,
        ownership: null,
      },
    ]);
  });

  it('decodes named and numeric entities: &#39; &quot; &#x27; &lt;', () => {
    const [row] = fromText(
      `${REAL_EXPORT.split('\n')[0]},Review\n"1","","Guns N&#39; Roses","","","&quot;Live&quot; &lt;Era&gt;","1993","7","","","","Rock &#x27;n&#x27; roll"\n`,
    );
    expect(row).toMatchObject({ artist: "Guns N' Roses", title: '"Live" <Era>', review: "Rock 'n' roll" });
  });

  it('reads ownership codes and odd years', () => {
    const rows = parse(
      rymCsv([
        { lastName: 'A', title: 'Owned', ownership: 'o', year: '' },
        { lastName: 'A', title: 'Used to own', ownership: 'u', year: '0000' },
        { lastName: 'A', title: 'Wished', ownership: 'w', year: 1971 },
        { lastName: 'A', title: 'Catalogued only', ownership: 'n', year: '1999-05-01' },
        { lastName: 'A', title: 'Nothing said', ownership: '' },
      ]),
    );
    expect(rows.map((row) => (row.kind === 'album' ? [row.ownership, row.year] : row))).toEqual([
      ['owned', null],
      ['used', null],
      ['wishlist', 1971],
      [null, 1999],
      [null, null],
    ]);
  });

  it('lists each row it cannot read with its reason, in place', () => {
    const rows = parse(
      rymCsv([
        { lastName: 'Radiohead', title: 'Kid A', rating: 11 },
        { lastName: 'Radiohead', title: 'Amnesiac', rating: 'x' },
        { lastName: 'Radiohead', title: 'Hail to the Thief', rating: '4.5' },
        { lastName: 'Radiohead', title: '' },
        { lastName: '', title: 'In Rainbows' },
        { raw: ['1', '', 'Radiohead', '', '', 'The Bends', '1995'] },
        { lastName: 'Radiohead', title: 'Pablo Honey', rating: 0 },
      ]),
    );
    const bad = (line: number, artist: string, title: string, message: string): ParsedRow => ({
      kind: 'bad',
      line,
      artist,
      title,
      message,
    });
    const rating = 'Rating must be a whole number from 0 to 10';
    expect(rows).toEqual([
      bad(2, 'Radiohead', 'Kid A', rating),
      bad(3, 'Radiohead', 'Amnesiac', rating),
      bad(4, 'Radiohead', 'Hail to the Thief', rating),
      bad(5, 'Radiohead', '', 'The row has no title'),
      bad(6, '', 'In Rainbows', 'The row has no artist'),
      bad(7, 'Radiohead', 'The Bends', 'The row has 7 columns; a RateYourMusic row has 12'),
      // Unrated, no review, not owned: still a row (the importer decides what it is worth).
      {
        kind: 'album',
        line: 8,
        artist: 'Radiohead',
        title: 'Pablo Honey',
        year: null,
        rating: null,
        review: null,
        ownership: null,
      },
    ]);
  });

  it('counts columns against the header it has: eleven without reviews', () => {
    const text = `${REAL_EXPORT.split('\n')[0]}\n"1","","Radiohead","","","The Bends","1995","8","n","","",""\n`;
    expect(fromText(text)).toEqual([
      {
        kind: 'bad',
        line: 2,
        artist: 'Radiohead',
        title: 'The Bends',
        message: 'The row has 12 columns; a RateYourMusic row has 11',
      },
    ]);
  });

  it('reads a file re-saved with a byte order mark and CRLF', () => {
    const text = `\uFEFF${REAL_EXPORT.replaceAll('\n', '\r\n')}`;
    expect(fromText(text)).toEqual(fromText(REAL_EXPORT));
  });

  it("reads Liner's own rym-ratings.csv (ADR 37)", () => {
    const text = toCsv(RYM_HEADER, [['', '', 'Miles Davis', '', '', 'Kind of Blue', '1959', 9, '', '', '', '']], {
      bom: false,
      quoteAll: true,
    });
    expect(fromText(text)).toEqual([
      {
        kind: 'album',
        line: 2,
        artist: 'Miles Davis',
        title: 'Kind of Blue',
        year: 1959,
        rating: 9,
        review: null,
        ownership: null,
      },
    ]);
  });

  it('refuses a file of another service, or no text at all, with the RateYourMusic message', () => {
    const wrong = new ImportFormatError(IMPORT_WRONG_FORMAT.rym);
    const lastfm = lastfmCsv([
      { artist: 'Radiohead', album: 'OK Computer', track: 'Lucky', at: new Date('2022-01-15T20:05:00Z') },
    ]);
    expect(() => parse(lastfm)).toThrow(wrong);
    expect(() => parse(listenBrainzZip({ listens: [] }))).toThrow(wrong);
    expect(() => parse(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toThrow(wrong);
    expect(() => fromText('artist,title,rating\nRadiohead,OK Computer,9\n')).toThrow(wrong);
  });

  it('says a file with a header and no rows, or nothing at all, has nothing to import', () => {
    expect(() => parse(rymCsv([]))).toThrow(new ImportFormatError(IMPORT_EMPTY));
    expect(() => fromText('')).toThrow(new ImportFormatError(IMPORT_EMPTY));
  });

  it('gives back what the fixture was built from', () => {
    const rows = [
      { firstName: 'Keith', lastName: 'Jarrett', title: 'The Köln Concert', year: 1975, rating: 7, ownership: 'o' },
      {
        lastName: 'Simon & Garfunkel',
        title: 'Bridge over Troubled Water',
        year: 1970,
        rating: 10,
        review: 'A <3 & "more"',
      },
    ];
    expect(parse(rymCsv(rows, { withReviews: false }))).toEqual([
      {
        kind: 'album',
        line: 2,
        artist: 'Keith Jarrett',
        title: 'The Köln Concert',
        year: 1975,
        rating: 7,
        review: null,
        ownership: 'owned',
      },
      {
        kind: 'album',
        line: 3,
        artist: 'Simon & Garfunkel',
        title: 'Bridge over Troubled Water',
        year: 1970,
        rating: 10,
        review: null,
        ownership: null,
      },
    ]);
    expect(parse(rymCsv(rows))[1]).toMatchObject({ review: 'A <3 & "more"' });
  });
});

describe('messyRymExport', () => {
  const known = [
    { artist: 'Björk', title: 'Homogenic', year: 1997 },
    { artist: 'Sigur Rós', title: 'Ágætis byrjun', year: 1999 },
    { artist: 'Simon & Garfunkel', title: 'Bridge over Troubled Water', year: 1970 },
    { artist: 'The Beatles', title: 'Abbey Road', year: 1969 },
    { artist: 'Miles Davis', title: 'Kind of Blue', year: 1959 },
  ];

  it('parses to exactly the rows it expects', () => {
    const { bytes, expected } = messyRymExport(known);
    expect(parse(bytes)).toEqual(expected.rows);
    expect(expected).toMatchObject({ total: 300, albums: 294, bad: 6, known: 264, unknown: 30 });
    expect(expected.known + expected.unknown).toBe(expected.albums);
  });

  it('has what it promises: HTML entities, accents, repeats, reviews, unrated and wishlisted rows', () => {
    const { bytes, expected } = messyRymExport(known);
    const text = bytes.toString('utf8');
    expect(text).toContain('"Simon &amp; Garfunkel"');
    expect(text).toContain('Mötley Crüe');
    expect(text).toContain('"The","Beatles"');
    expect(text).toContain('[Bjork]');
    expect(expected.repeats).toBeGreaterThan(200);
    expect(expected.reviews).toBeGreaterThan(20);
    expect(expected.unrated).toBeGreaterThan(10);
    expect(expected.wishlist).toBeGreaterThan(5);
    const lines = expected.rows.map((row) => row.line);
    expect(new Set(lines).size).toBe(lines.length);
  });
});
