import { IMPORT_EMPTY, IMPORT_WRONG_FORMAT } from '@liner/shared';
import { describe, expect, it } from 'vitest';
import {
  lastfmCsv,
  listenBrainzJsonl,
  listenBrainzZip,
  messyLastfmExport,
  rymCsv,
} from '../../../test/import-files/fixtures.ts';
import { parseLastfm } from './lastfm.ts';
import { ImportFormatError } from './types.ts';

const today = '2025-06-30';
const parse = (bytes: Buffer) => parseLastfm(bytes, { today });
const fromText = (text: string) => parse(Buffer.from(text, 'utf8'));
const at = (iso: string) => new Date(iso);

describe('parseLastfm: a lastfm-to-csv file', () => {
  it('makes one row per album with its UTC days and plays, the newest spelling shown', () => {
    const bytes = lastfmCsv([
      { artist: 'Radiohead', album: 'OK Computer', track: 'Lucky', at: at('2022-01-16T00:05:00Z') },
      { artist: 'RADIOHEAD', album: 'ok computer', track: 'Karma Police', at: at('2022-01-15T23:59:00Z') },
      { artist: 'Keith Jarrett', album: 'The Köln Concert', track: 'Part I', at: at('2020-02-29T08:00:00Z') },
    ]);
    expect(bytes.toString()).toBe(
      'Radiohead,OK Computer,Lucky,16 Jan 2022 00:05\nRADIOHEAD,ok computer,Karma Police,15 Jan 2022 23:59\nKeith Jarrett,The Köln Concert,Part I,29 Feb 2020 08:00\n',
    );
    expect(parse(bytes)).toEqual([
      {
        kind: 'listens',
        line: 1,
        artist: 'Radiohead',
        title: 'OK Computer',
        albumMbid: null,
        releaseMbid: null,
        days: ['2022-01-15', '2022-01-16'],
        plays: 2,
        songs: { '2022-01-16': ['Lucky'], '2022-01-15': ['Karma Police'] },
      },
      {
        kind: 'listens',
        line: 3,
        artist: 'Keith Jarrett',
        title: 'The Köln Concert',
        albumMbid: null,
        releaseMbid: null,
        days: ['2020-02-29'],
        plays: 1,
        songs: { '2020-02-29': ['Part I'] },
      },
    ]);
  });

  it('reads names whose commas and quotes lastfm-to-csv removed', () => {
    const bytes = lastfmCsv([
      { artist: 'Crosby, Stills, Nash & Young', album: 'Déjà Vu', track: 'Carry On', at: at('2021-01-31T14:02:00Z') },
      { artist: '"Weird Al" Yankovic', album: 'Mandatory Fun', track: 'Tacky', at: at('2021-01-31T14:10:00Z') },
    ]);
    expect(parse(bytes)).toMatchObject([
      { line: 1, artist: 'Crosby Stills Nash & Young', title: 'Déjà Vu', days: ['2021-01-31'] },
      { line: 2, artist: 'Weird Al Yankovic', title: 'Mandatory Fun' },
    ]);
  });

  it('counts the same scrobble written twice once', () => {
    const twice = { artist: 'Radiohead', album: 'OK Computer', track: 'Lucky', at: at('2022-01-15T20:05:00Z') };
    expect(parse(lastfmCsv([twice, twice]))).toMatchObject([{ kind: 'listens', plays: 1 }]);
  });

  it('lists what cannot be a diary day: the song playing now, 1970, the future, a date that is none', () => {
    const text = [
      'Burial,Untrue,Near Dark,',
      'Radiohead,OK Computer,Lucky,01 Jun 2099 12:00',
      'Radiohead,OK Computer,Airbag,31 Feb 2024 10:00',
      'Radiohead,,Creep,15 Jan 2022 20:05',
      'Radiohead,OK Computer,Let Down,01 Jan 1970 00:00',
      'Radiohead,OK Computer,Lucky',
      ',OK Computer,Lucky,15 Jan 2022 20:05',
      '',
    ].join('\n');
    expect(fromText(text)).toEqual([
      {
        kind: 'bad',
        line: 1,
        artist: 'Burial',
        title: 'Untrue',
        message: 'This scrobble has no date (Last.fm lists the song playing as the file is made without one)',
      },
      {
        kind: 'bad',
        line: 2,
        artist: 'Radiohead',
        title: 'OK Computer',
        message: "The scrobble's date 2099-06-01 is after today",
      },
      {
        kind: 'bad',
        line: 3,
        artist: 'Radiohead',
        title: 'OK Computer',
        message: 'The scrobble\'s date "31 Feb 2024 10:00" is not a date',
      },
      {
        kind: 'bad',
        line: 4,
        artist: 'Radiohead',
        title: 'Creep',
        message: 'This scrobble has no album, and the diary logs albums',
      },
      {
        kind: 'bad',
        line: 5,
        artist: 'Radiohead',
        title: 'OK Computer',
        message: "The scrobble's date is 1 January 1970, which is written when the real day is unknown",
      },
      {
        kind: 'bad',
        line: 6,
        artist: 'Radiohead',
        title: 'OK Computer',
        message: 'The row has 3 columns; a Last.fm scrobble row has 4',
      },
      { kind: 'bad', line: 7, artist: '', title: 'OK Computer', message: 'This scrobble has no artist' },
    ]);
  });

  it('reads dates with the comma Last.fm writes, with seconds, or in ISO form', () => {
    const text = [
      'A,B,one,"22 May 2014, 20:11"',
      'A,B,two,23 may 2014 20:11:59',
      'A,B,three,2014-05-24T23:59:59Z',
      'A,B,four,2014-05-25 00:00',
    ].join('\r\n');
    expect(fromText(text)).toMatchObject([
      { days: ['2014-05-22', '2014-05-23', '2014-05-24', '2014-05-25'], plays: 4 },
    ]);
  });
});

describe('parseLastfm: CSV with a header', () => {
  it('reads lastfm.ghan.nl\'s "Recent Tracks" export: uts for the time, album_mbid as the release', () => {
    const release = '03a39abb-1e36-4c85-ba3a-2c6b5a94c0ad';
    const text = [
      'uts,utc_time,artist,artist_mbid,album,album_mbid,track,track_mbid',
      `"1779022496","17 May 2026, 12:54","Nelly Furtado","","Loose","${release}","Say It Right",""`,
      '"1642277100","15 Jan 2022, 20:05","Ofenbach, Svea","","I","","Body Talk",""',
      '"","bad row","","","","","",""',
    ].join('\n');
    expect(parseLastfm(Buffer.from(text), { today: '2026-05-17' })).toEqual([
      {
        kind: 'listens',
        line: 2,
        artist: 'Nelly Furtado',
        title: 'Loose',
        albumMbid: null,
        releaseMbid: release,
        days: ['2026-05-17'],
        plays: 1,
        songs: { '2026-05-17': ['Say It Right'] },
      },
      {
        kind: 'listens',
        line: 3,
        artist: 'Ofenbach, Svea',
        title: 'I',
        albumMbid: null,
        releaseMbid: null,
        days: ['2022-01-15'],
        plays: 1,
        songs: { '2022-01-15': ['Body Talk'] },
      },
      { kind: 'bad', line: 4, artist: '', title: '', message: 'This scrobble has no artist' },
    ]);
  });

  it('reads a header "artist,album,track,date" in any order and case', () => {
    expect(fromText('Date,Artist,Album,Track\n31 Jan 2021 14:02,Radiohead,OK Computer,Lucky\n')).toMatchObject([
      { line: 2, artist: 'Radiohead', title: 'OK Computer', days: ['2021-01-31'] },
    ]);
  });

  it('says a header with no scrobbles has nothing to import', () => {
    expect(() => fromText('uts,utc_time,artist,artist_mbid,album,album_mbid,track,track_mbid\n')).toThrow(
      new ImportFormatError(IMPORT_EMPTY),
    );
    expect(() => fromText('')).toThrow(new ImportFormatError(IMPORT_EMPTY));
  });
});

describe('parseLastfm: other files', () => {
  it('refuses a file of another service, or not text, with the Last.fm message', () => {
    const wrong = new ImportFormatError(IMPORT_WRONG_FORMAT.lastfm);
    const listens = [{ at: at('2022-01-15T20:05:00Z'), artist: 'Radiohead', album: 'OK Computer', track: 'Lucky' }];
    expect(() => parse(rymCsv([{ lastName: 'Radiohead', title: 'OK Computer', rating: 9 }]))).toThrow(wrong);
    expect(() => parse(listenBrainzZip({ listens }))).toThrow(wrong);
    expect(() => parse(listenBrainzJsonl(listens))).toThrow(wrong);
    expect(() => fromText('artist,title,rating\nRadiohead,OK Computer,9\n')).toThrow(wrong);
    expect(() => fromText('Radiohead,OK Computer,Lucky,yesterday\n')).toThrow(wrong);
  });
});

describe('messyLastfmExport', () => {
  const known = [
    { artist: 'Björk', title: 'Homogenic', year: 1997, tracks: ['Hunter', 'Jóga', 'Bachelorette'] },
    { artist: 'Sigur Rós', title: 'Ágætis byrjun', year: 1999 },
    { artist: 'Simon & Garfunkel', title: 'Bridge over Troubled Water', year: 1970 },
  ];

  it('parses to exactly the rows it expects, each with its own line', () => {
    const { bytes, expected } = messyLastfmExport(known);
    const rows = parse(bytes);
    expect(rows).toEqual(expected.rows);
    expect(expected).toMatchObject({ albums: 8, known: 3, unknown: 5, loved: 0, bad: 5 });
    expect(expected.listens).toBeGreaterThan(200);
    expect(new Set(rows.map((row) => row.line)).size).toBe(rows.length);
  });
});
