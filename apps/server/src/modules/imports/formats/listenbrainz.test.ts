import { IMPORT_EMPTY, IMPORT_TOO_MANY_ROWS, IMPORT_WRONG_FORMAT } from '@liner/shared';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  fixtureMbid,
  type ListenFixture,
  lastfmCsv,
  listenBrainzJsonl,
  listenBrainzZip,
  messyListenBrainzExport,
  rymCsv,
  zip64Claiming,
  zipOfShortLines,
  zipUnderstatingItsSize,
} from '../../../test/import-files/fixtures.ts';
import { parseListenBrainz } from './listenbrainz.ts';
import { ARCHIVE_DAMAGED, ARCHIVE_TOO_LARGE, ARCHIVE_TOO_MANY_FILES } from './read-zip.ts';
import { ImportFormatError, type ParsedRow } from './types.ts';

const today = '2025-06-30';
const parse = (bytes: Buffer | Uint8Array) => parseListenBrainz(Buffer.from(bytes), { today });
const at = (iso: string) => new Date(iso);
const listen = (
  iso: string,
  artist: string,
  album: string | undefined,
  track: string,
  more: Partial<ListenFixture> = {},
) => ({
  at: at(iso),
  artist,
  album,
  track,
  ...more,
});
const RG = fixtureMbid('release-group');
const RELEASE = fixtureMbid('release');
const RECORDING = fixtureMbid('recording');

describe('parseListenBrainz: the export zip', () => {
  it('makes one row per album with its UTC days, plays and ids; the first spelling is shown', () => {
    const bytes = listenBrainzZip({
      listens: [
        listen('2024-02-29T23:59:59Z', 'Björk', 'Homogenic', 'Jóga', { releaseGroupMbid: RG, releaseMbid: RELEASE }),
        listen('2024-02-29T10:00:00Z', 'Bjork', 'HOMOGENIC', 'Hunter'),
        listen('2024-03-01T00:00:01Z', 'björk', 'Homogenic', 'Bachelorette'),
        listen('2023-05-01T12:00:00Z', 'Radiohead', 'OK Computer', 'Airbag'),
      ],
    });
    expect(parse(bytes)).toEqual([
      {
        kind: 'listens',
        line: 1,
        artist: 'Radiohead',
        title: 'OK Computer',
        albumMbid: null,
        releaseMbid: null,
        days: ['2023-05-01'],
        plays: 1,
        songs: { '2023-05-01': ['Airbag'] },
      },
      // Listens are numbered in time order, so Homogenic's first is number 2 ("Bjork", at 10:00).
      {
        kind: 'listens',
        line: 2,
        artist: 'Bjork',
        title: 'HOMOGENIC',
        albumMbid: RG,
        releaseMbid: RELEASE,
        days: ['2024-02-29', '2024-03-01'],
        plays: 3,
        // Each day's songs once, in the order heard, as first spelt.
        songs: { '2024-02-29': ['Hunter', 'Jóga'], '2024-03-01': ['Bachelorette'] },
      },
    ]);
  });

  it('counts the same listen written twice once', () => {
    const twice = listen('2023-05-01T12:00:00Z', 'Radiohead', 'OK Computer', 'Airbag');
    const rows = parse(
      listenBrainzZip({
        listens: [twice, twice, listen('2023-05-01T12:04:00Z', 'Radiohead', 'OK Computer', 'Paranoid Android')],
      }),
    );
    expect(rows).toMatchObject([{ kind: 'listens', plays: 2, days: ['2023-05-01'] }]);
  });

  it('keeps a song played again the same day once, as first spelt', () => {
    const rows = parse(
      listenBrainzZip({
        listens: [
          listen('2023-05-01T10:00:00Z', 'Radiohead', 'OK Computer', 'Airbag'),
          listen('2023-05-01T11:00:00Z', 'Radiohead', 'OK Computer', 'AIRBAG'),
          listen('2023-05-02T11:00:00Z', 'Radiohead', 'OK Computer', 'airbag'),
        ],
      }),
    );
    expect(rows).toMatchObject([{ plays: 3, songs: { '2023-05-01': ['Airbag'], '2023-05-02': ['airbag'] } }]);
  });

  it('lists listens with no album once per artist and song, and dates that are no day one by one', () => {
    const rows = parse(
      listenBrainzZip({
        listens: [
          listen('2024-01-05T01:00:00Z', 'Burial', undefined, 'Archangel'),
          listen('2024-01-06T01:00:00Z', 'BURIAL', undefined, 'archangel'),
          listen('2024-01-07T01:00:00Z', 'Burial', '', 'Near Dark'),
          listen('2099-06-01T12:00:00Z', 'Radiohead', 'OK Computer', 'Lucky'),
          { at: 0, artist: 'Radiohead', album: 'OK Computer', track: 'Airbag' },
          { at: Date.UTC(1899, 11, 31) / 1000, artist: 'Radiohead', album: 'OK Computer', track: 'Karma Police' },
        ],
      }),
    );
    const bad = (line: number, artist: string, title: string, message: string): ParsedRow => ({
      kind: 'bad',
      line,
      artist,
      title,
      message,
    });
    expect(rows).toEqual([
      bad(1, 'Radiohead', 'OK Computer', "The listen's date 1899-12-31 is before 1900, so it is not a real day"),
      bad(
        2,
        'Radiohead',
        'OK Computer',
        "The listen's date is 1 January 1970, which is written when the real day is unknown",
      ),
      bad(3, 'Burial', 'Archangel', 'These 2 listens have no album, and the diary logs albums'),
      bad(5, 'Burial', 'Near Dark', 'This listen has no album, and the diary logs albums'),
      bad(6, 'Radiohead', 'OK Computer', "The listen's date 2099-06-01 is after today"),
    ]);
  });

  it('reads a listen of today, and not one of tomorrow', () => {
    const rows = parse(
      listenBrainzZip({
        listens: [
          listen('2025-06-30T23:59:59Z', 'Radiohead', 'OK Computer', 'Lucky'),
          listen('2025-07-01T00:00:00Z', 'Radiohead', 'OK Computer', 'Airbag'),
        ],
      }),
    );
    expect(rows).toMatchObject([
      { kind: 'listens', days: ['2025-06-30'], plays: 1 },
      { kind: 'bad', message: "The listen's date 2025-07-01 is after today" },
    ]);
  });

  it('makes loved recordings rows, named by a listen of them; hated ones are not read', () => {
    const msid = fixtureMbid('msid of Lucky');
    const rows = parse(
      listenBrainzZip({
        listens: [
          listen('2024-01-01T10:00:00Z', 'Radiohead', undefined, 'Airbag', { recordingMbid: RECORDING }),
          listen('2024-01-02T10:00:00Z', 'Radiohead', 'OK Computer', 'Airbag', {
            recordingMbid: RECORDING,
            releaseGroupMbid: RG,
          }),
          listen('2024-01-03T10:00:00Z', 'Radiohead', 'OK Computer', 'Lucky', { msid }),
          listen('2024-01-04T10:00:00Z', 'Burial', undefined, 'Archangel'),
        ],
        feedback: [
          { recordingMbid: RECORDING, score: 1 },
          { msid, score: 1 },
          { msid: fixtureMbid('never heard'), score: 1 },
          { msid, score: -1 },
          { msid: fixtureMbid('msid:Burial:Archangel'), score: 1 },
          { recordingMbid: fixtureMbid('recording:never heard'), score: 1 },
        ],
        pinned: true,
      }),
    );
    const loved = rows.filter((row) => row.line > 4);
    expect(loved).toEqual([
      {
        kind: 'loved',
        line: 5,
        artist: 'Radiohead',
        title: 'OK Computer',
        track: 'Airbag',
        recordingMbid: RECORDING,
        albumMbid: RG,
        releaseMbid: null,
      },
      {
        kind: 'loved',
        line: 6,
        artist: 'Radiohead',
        title: 'OK Computer',
        track: 'Lucky',
        recordingMbid: null,
        albumMbid: null,
        releaseMbid: null,
      },
      {
        kind: 'bad',
        line: 7,
        artist: '',
        title: '',
        message: `Loved recording ${fixtureMbid('never heard')} is not among your listens, so its song is unknown`,
      },
      {
        kind: 'bad',
        line: 9,
        artist: 'Burial',
        title: 'Archangel',
        message: 'This loved song was only heard with no album, and the diary logs albums',
      },
      // Named by its recording MBID alone: MusicBrainz may know it, so it waits for the reading.
      {
        kind: 'loved',
        line: 10,
        artist: '',
        title: '',
        track: '',
        recordingMbid: fixtureMbid('recording:never heard'),
        albumMbid: null,
        releaseMbid: null,
      },
    ]);
  });

  it('numbers the months in time order, whatever the order of the entries, in a re-zipped folder too', () => {
    const line = (iso: string, track: string) =>
      strToU8(listenBrainzJsonl([listen(iso, 'Radiohead', 'OK Computer', track)]).toString());
    const zip = zipSync({
      'listenbrainz_ana_1718000000/listens/2021/10.jsonl': line('2021-10-02T10:00:00Z', 'Lucky'),
      'listenbrainz_ana_1718000000/listens/2021/4.jsonl': line('2021-04-02T10:00:00Z', 'Airbag'),
      'listenbrainz_ana_1718000000/user.json': strToU8('{"user_id":1,"username":"ana"}\n'),
    });
    expect(parse(zip)).toEqual([expect.objectContaining({ line: 1, days: ['2021-04-02', '2021-10-02'], plays: 2 })]);
  });

  it('refuses an archive whose entries unpack to more than 200 MB, before unpacking it', () => {
    const zip = Buffer.from(
      listenBrainzZip({ listens: [listen('2024-01-01T10:00:00Z', 'Radiohead', 'OK Computer', 'Lucky')] }),
    );
    // The central directory's uncompressed size of the first entry, as a zip bomb declares it.
    const entry = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(201 * 1024 * 1024, entry + 24);
    expect(() => parse(zip)).toThrow(new ImportFormatError(ARCHIVE_TOO_LARGE));
  });

  it("reads zips as Python's zipfile writes them, ListenBrainz's own exporter and a streamed one", () => {
    // Made by CPython 3.11's zipfile, ZIP_DEFLATED: written to a file with writestr, as
    // listenbrainz/background/export.py does; and written to a stream with ZipFile.open(..., 'w'),
    // where each entry's sizes follow it in a data descriptor.
    const written = Buffer.from(
      'UEsDBBQAAAAIAKZBe11+a//DHgAAACEAAAAJAAAAdXNlci5qc29uq1YqLU4tis9MUbJSMNRRAPPyEnNTgVylxLxEpVoAUEsDBBQAAAAIAKZBe1263NnZbAAAAIMAAAAUAAAAbGlzdGVucy8yMDI0LzEuanNvbmyrVsrJLC5JzUtNiU8sUbJSMDQ3MDE0MDYyMNBRUCopSkzOjs9NLUlMSSxJBMpWKyUWlQDVx+cl5qYC+UpBiSmZ+RmpiSlKQOVFqTmpicWpcEl/bwXn/NyC0pLUIiW4aTBJx8yipMR0pdpaLgBQSwECFAMUAAAACACmQXtdfmv/wx4AAAAhAAAACQAAAAAAAAAAAAAAgAEAAAAAdXNlci5qc29uUEsBAhQDFAAAAAgApkF7Xbrc2dlsAAAAgwAAABQAAAAAAAAAAAAAAIABRQAAAGxpc3RlbnMvMjAyNC8xLmpzb25sUEsFBgAAAAACAAIAeQAAAOMAAAAAAA==',
      'base64',
    );
    const streamed = Buffer.from(
      'UEsDBBQACAAIAAAAIQAAAAAAAAAAAAAAAAAUAAAAbGlzdGVucy8yMDI0LzEuanNvbmyrVsrJLC5JzUtNiU8sUbJSMDQ3MDE0MDYyMNBRUCopSkzOjs9NLUlMSSxJBMpWKyUWlQDVx+cl5qYC+UpBiSmZ+RmpiSlKQOVFqTmpicWpcEl/bwXn/NyC0pLUIiW4aTBJx8yipMR0pdpaLgBQSwcIutzZ2WwAAACDAAAAUEsBAhQDFAAIAAgAAAAhALrc2dlsAAAAgwAAABQAAAAAAAAAAAAAAIABAAAAAGxpc3RlbnMvMjAyNC8xLmpzb25sUEsFBgAAAAABAAEAQgAAAK4AAAAAAA==',
      'base64',
    );
    for (const zip of [written, streamed]) {
      expect(parse(zip)).toEqual([
        expect.objectContaining({ kind: 'listens', artist: 'Radiohead', title: 'OK Computer', days: ['2024-01-01'] }),
      ]);
    }
  });

  it('refuses at once a 130-byte zip whose directory claims billions or millions of entries', () => {
    for (const entries of [2 ** 32 - 1, 20_000_000]) {
      const zip = zip64Claiming(entries);
      expect(zip.length).toBe(130);
      const started = performance.now();
      expect(() => parse(zip)).toThrow(new ImportFormatError(ARCHIVE_TOO_MANY_FILES));
      expect(performance.now() - started).toBeLessThan(100);
    }
    // A claim the directory's own size cannot hold is a damaged file, whatever the count.
    expect(() => parse(zip64Claiming(1500))).toThrow(new ImportFormatError(ARCHIVE_DAMAGED));
  });

  it('stops inflating an entry that unpacks past the size its directory gives', () => {
    expect(() => parse(zipUnderstatingItsSize())).toThrow(new ImportFormatError(ARCHIVE_DAMAGED));
  });

  it('stops reading a few kilobytes of zip holding 2 million lines at the row limit', () => {
    const zip = zipOfShortLines();
    expect(zip.length).toBeLessThan(10_000);
    expect(() => parse(zip)).toThrow(new ImportFormatError(IMPORT_TOO_MANY_ROWS));
  });

  it('says a broken zip is damaged', () => {
    const zip = listenBrainzZip({ listens: [listen('2024-01-01T10:00:00Z', 'Radiohead', 'OK Computer', 'Lucky')] });
    expect(() => parse(zip.subarray(0, zip.length - 30))).toThrow(new ImportFormatError(ARCHIVE_DAMAGED));
  });
});

describe('parseListenBrainz: a listens .jsonl or the older JSON array', () => {
  it('reads a bare .jsonl, each row numbered by its line', () => {
    const rows = parse(
      listenBrainzJsonl([
        listen('2024-01-01T10:00:00Z', 'Radiohead', 'OK Computer', 'Airbag'),
        listen('2024-01-02T10:00:00Z', 'Radiohead', 'OK Computer', 'Lucky'),
      ]),
    );
    expect(rows).toEqual([
      {
        kind: 'listens',
        line: 1,
        artist: 'Radiohead',
        title: 'OK Computer',
        albumMbid: null,
        releaseMbid: null,
        days: ['2024-01-01', '2024-01-02'],
        plays: 2,
        songs: { '2024-01-01': ['Airbag'], '2024-01-02': ['Lucky'] },
      },
    ]);
  });

  it('lists lines that are no listen and dates that are no number', () => {
    const good = listenBrainzJsonl([listen('2024-01-01T10:00:00Z', 'Radiohead', 'OK Computer', 'Airbag')]).toString();
    const text = [
      good.trim(),
      '{"listened_at": "yesterday", "track_metadata": {"artist_name": "Radiohead", "track_name": "Lucky", "release_name": "OK Computer"}}',
      '{"track_metadata": {"artist_name": "Radiohead", "track_name": "Lucky", "release_name": "OK Computer"}}',
      'not json at all',
      '{"listened_at": 1704103200, "track_metadata": {"track_name": "Lucky", "release_name": "OK Computer"}}',
    ].join('\n');
    expect(parse(Buffer.from(text))).toEqual([
      expect.objectContaining({ kind: 'listens', line: 1 }),
      {
        kind: 'bad',
        line: 2,
        artist: 'Radiohead',
        title: 'OK Computer',
        message: 'The listen\'s date "yesterday" is not a date',
      },
      { kind: 'bad', line: 3, artist: 'Radiohead', title: 'OK Computer', message: 'This listen has no date' },
      { kind: 'bad', line: 4, artist: '', title: '', message: 'This line is not a ListenBrainz listen' },
      { kind: 'bad', line: 5, artist: '', title: 'OK Computer', message: 'This listen has no artist' },
    ]);
  });

  it('reads the export before August 2024: one JSON array, recording_msid beside track_metadata', () => {
    const array = [
      {
        track_metadata: {
          artist_name: 'Kanye West',
          track_name: 'Fade',
          release_name: 'The Life of Pablo',
          additional_info: { recording_msid: fixtureMbid('fade'), release_group_mbid: RG.toUpperCase() },
        },
        listened_at: 1618500200,
        recording_msid: fixtureMbid('fade'),
        user_name: 'ana',
        inserted_at: 1618500300,
      },
    ];
    expect(parse(Buffer.from(JSON.stringify(array)))).toEqual([
      {
        kind: 'listens',
        line: 1,
        artist: 'Kanye West',
        title: 'The Life of Pablo',
        albumMbid: RG,
        releaseMbid: null,
        days: ['2021-04-15'],
        plays: 1,
        songs: { '2021-04-15': ['Fade'] },
      },
    ]);
  });

  it('refuses a file of another service or another ListenBrainz file with the ListenBrainz message', () => {
    const wrong = new ImportFormatError(IMPORT_WRONG_FORMAT.listenbrainz);
    expect(() => parse(rymCsv([{ lastName: 'Radiohead', title: 'OK Computer', rating: 9 }]))).toThrow(wrong);
    expect(() =>
      parse(lastfmCsv([{ artist: 'Radiohead', album: 'OK Computer', track: 'Lucky', at: at('2022-01-15T20:05:00Z') }])),
    ).toThrow(wrong);
    expect(() => parse(zipSync({ 'ratings.csv': strToU8('artist,title\n') }))).toThrow(wrong);
    // The body of a listen submission, and feedback.jsonl taken out of the zip: not listens.
    expect(() => parse(Buffer.from('{"listen_type": "import", "payload": []}'))).toThrow(wrong);
    expect(() =>
      parse(Buffer.from('{"score": 1, "created": 1700000000, "recording_mbid": null, "recording_msid": null}\n')),
    ).toThrow(wrong);
    expect(() => parse(Buffer.from('{"not": "closed"'))).toThrow(wrong);
    expect(() => parse(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toThrow(wrong);
  });

  it('says an empty file, an empty array or a zip with no listens has nothing to import', () => {
    const empty = new ImportFormatError(IMPORT_EMPTY);
    expect(() => parse(Buffer.from(' \n'))).toThrow(empty);
    expect(() => parse(Buffer.from('[]'))).toThrow(empty);
    expect(() => parse(listenBrainzZip({ listens: [] }))).toThrow(empty);
  });
});

describe('messyListenBrainzExport', () => {
  const known = [
    { artist: 'Björk', title: 'Homogenic', year: 1997, tracks: ['Hunter', 'Jóga', 'Bachelorette'] },
    { artist: 'Sigur Rós', title: 'Ágætis byrjun', year: 1999 },
    { artist: 'Simon & Garfunkel', title: 'Bridge over Troubled Water', year: 1970 },
    { artist: 'Miles Davis', title: 'Kind of Blue', year: 1959 },
  ];

  it('parses to exactly the rows it expects, each with its own number', () => {
    const { bytes, expected } = messyListenBrainzExport(known);
    const rows = parse(bytes);
    expect(rows).toEqual(expected.rows);
    // Loved: two heard, one only MusicBrainz can name. Bad: two dates, two with no album, one love
    // heard only without an album.
    expect(expected).toMatchObject({ albums: 9, known: 4, unknown: 5, loved: 3 });
    expect(expected.bad).toBe(2 + 2 + 1);
    const lines = rows.map((row) => row.line);
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('reads the same whatever today is, from the last listen to the day before the one in 2099', () => {
    const { bytes, expected } = messyListenBrainzExport(known);
    expect(parseListenBrainz(bytes, { today: '2024-03-01' })).toEqual(expected.rows);
    expect(parseListenBrainz(bytes, { today: '2099-05-31' })).toEqual(expected.rows);
  });
});
