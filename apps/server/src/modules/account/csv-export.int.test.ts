import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

/** "Download CSV files (zip)" (ADR 37): each file as a spreadsheet or RYM reads it. */
let t: TestApp;
const BLUE = 'miles-davis-kind-of-blue';
const OKC = 'radiohead-ok-computer';
const DAMN = 'kendrick-lamar-damn';
let blueTracks: { id: string; name: string; position: number }[] = [];
let okcTracks: { id: string; name: string; position: number }[] = [];

const REVIEW = 'Ça déchire, "vraiment".\nSecond line';
const FORMULA_REVIEW = '=HYPERLINK("http://evil.example","click")';

beforeAll(async () => {
  t = await createTestApp();
  blueTracks = (await call(t, `/api/music/albums/${BLUE}`)).body.tracks;
  okcTracks = (await call(t, `/api/music/albums/${OKC}`)).body.tracks;
  // MusicBrainz ids as the matcher stores them, on Kind of Blue only.
  const db = t.database.handle.db;
  await db.updateTable('albums').set({ mbid: '8e8a594f-2175-3b5d-a1d4-0e7a5b2d4c6e' }).where('id', '=', BLUE).execute();
  const artistId = (await db.selectFrom('albums').select('artist_id').where('id', '=', BLUE).executeTakeFirstOrThrow())
    .artist_id;
  await db
    .updateTable('artists')
    .set({ mbid: '561d854a-6a28-4aa7-8c99-323e6ce46c2a' })
    .where('id', '=', artistId)
    .execute();
  await db
    .updateTable('tracks')
    .set({ mbid: '0b4bb0b6-5a80-4e4b-9e5f-9d0f0b7a1c11' })
    .where('id', '=', blueTracks[0]?.id ?? '')
    .execute();
});
afterAll(async () => t.close());

async function download(user?: TestUser) {
  const response = await fetch(`${t.baseUrl}/api/users/me/export.zip`, {
    headers: {
      origin: t.baseUrl,
      'x-forwarded-for': user?.ip ?? '10.255.255.250',
      ...(user ? { cookie: user.cookie } : {}),
    },
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** An RFC 4180 reader for the test: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) throw new Error('the file does not end with CRLF');
  return rows;
}

function csvOf(files: Record<string, Uint8Array>, name: string, bom = true) {
  const bytes = files[name];
  if (!bytes) throw new Error(`${name} missing from the zip`);
  // Buffer keeps a byte order mark where TextDecoder would drop it.
  const text = Buffer.from(bytes).toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(bom);
  const [header, ...rows] = parseCsv(bom ? text.slice(1) : text);
  return { header, rows, text };
}

async function put(user: TestUser, path: string, body: unknown) {
  const res = await call(t, path, { method: 'PUT', body, cookie: user.cookie, ip: user.ip });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res;
}
async function post(user: TestUser, path: string, body: unknown) {
  const res = await call(t, path, { method: 'POST', body, cookie: user.cookie, ip: user.ip });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res;
}

describe('GET /api/users/me/export.zip', () => {
  it('is for the signed-in person only', async () => {
    const { response } = await download();
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it("zips the person's ratings, reviews, library, diary and lists as CSV files, and nobody else's", async () => {
    const ana = await createUser(t);
    const bo = await createUser(t);
    const [blue1, blue2] = blueTracks;
    const [okc1] = okcTracks;
    if (!blue1 || !blue2 || !okc1) throw new Error('seed albums have tracks');
    // Kind of Blue: two songs rated (4 and 5 stars → mean 4.5), nothing chosen; a review comes
    // with adding the album to the collection.
    await put(ana, `/api/albums/${BLUE}/tracks/${blue1.id}/rating`, { rating: 8 });
    await put(ana, `/api/albums/${BLUE}/tracks/${blue2.id}/rating`, { rating: 10 });
    await post(ana, '/api/users/me/collection', { albumId: BLUE, review: REVIEW });
    // OK Computer: one song at 1 star, then the album chosen at 3.5.
    await put(ana, `/api/albums/${OKC}/tracks/${okc1.id}/rating`, { rating: 2 });
    const okcEntry = await post(ana, '/api/users/me/collection', { albumId: OKC, review: 'First draft' });
    // Edited into a formula: the file gives its edit date too.
    const edited = await call(t, `/api/posts/${okcEntry.body.reviewPostId}`, {
      method: 'PATCH',
      body: { content: FORMULA_REVIEW },
      cookie: ana.cookie,
      ip: ana.ip,
    });
    expect(edited.status).toBe(200);
    await put(ana, `/api/albums/${OKC}/my-rating`, { rating: 7 });
    await post(ana, '/api/users/me/ratelater', { albumId: DAMN });
    const listen = await post(ana, `/api/albums/${BLUE}/listens`, { listenedOn: '2026-03-04', relisten: true });
    await post(ana, `/api/albums/${BLUE}/listens`, { listenedOn: '2026-03-05' });
    // Songs heard, as an import of scrobbles writes them (in another order than the track list's).
    await t.database.handle.db
      .insertInto('listen_songs')
      .values([blue2, blue1].map((track) => ({ listen_id: listen.body.id, track_id: track.id })))
      .execute();
    const list = await post(ana, '/api/lists', {
      title: 'Écoute, 1959',
      kind: 'album',
      ranked: true,
      itemIds: [OKC, BLUE],
    });
    await put(ana, `/api/lists/${list.body.id}/entries/${BLUE}/note`, { note: 'modal, cool' });
    await post(ana, '/api/lists', { title: 'Songs', kind: 'song', itemIds: [okc1.id] });
    // Bo's rows must not appear in Ana's files.
    await put(bo, `/api/albums/${OKC}/tracks/${okcTracks[1]?.id}/rating`, { rating: 1 });
    await post(bo, '/api/users/me/collection', { albumId: OKC, review: 'Bo was here' });
    await post(bo, '/api/lists', { title: 'Bo list', kind: 'album', itemIds: [BLUE] });

    const { response, bytes } = await download(ana);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="liner-export-${today}.zip"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual([
      'collection.csv',
      'diary.csv',
      'lists.csv',
      'rate-later.csv',
      'ratings.csv',
      'reviews.csv',
      'rym-ratings.csv',
      'song-ratings.csv',
    ]);
    const everything = Object.values(files)
      .map((file) => strFromU8(file))
      .join('\n');
    expect(everything).not.toMatch(/Bo was here|Bo list/);

    const ratings = csvOf(files, 'ratings.csv');
    expect(ratings.text).toContain('\r\n');
    expect(ratings.header).toEqual([
      'album',
      'artist',
      'release_year',
      'rating',
      'rating_chosen',
      'musicbrainz_release_group_id',
      'musicbrainz_artist_id',
      'liner_album_id',
    ]);
    expect(ratings.rows).toEqual([
      [
        'Kind of Blue',
        'Miles Davis',
        '1959',
        '4.5',
        'false',
        '8e8a594f-2175-3b5d-a1d4-0e7a5b2d4c6e',
        '561d854a-6a28-4aa7-8c99-323e6ce46c2a',
        BLUE,
      ],
      ['OK Computer', 'Radiohead', '1997', '3.5', 'true', '', '', OKC],
    ]);
    // Every value quoted, empty ones too (OWASP, CSV Injection); the header bare.
    expect(ratings.text.split('\r\n')[2]).toBe(`"OK Computer","Radiohead","1997","3.5","true","","","${OKC}"`);

    const songs = csvOf(files, 'song-ratings.csv');
    expect(songs.header).toEqual([
      'track',
      'position',
      'album',
      'artist',
      'rating',
      'musicbrainz_recording_id',
      'musicbrainz_release_group_id',
    ]);
    expect(songs.rows).toEqual([
      [
        blue1.name,
        String(blue1.position),
        'Kind of Blue',
        'Miles Davis',
        '4.0',
        '0b4bb0b6-5a80-4e4b-9e5f-9d0f0b7a1c11',
        '8e8a594f-2175-3b5d-a1d4-0e7a5b2d4c6e',
      ],
      [
        blue2.name,
        String(blue2.position),
        'Kind of Blue',
        'Miles Davis',
        '5.0',
        '',
        '8e8a594f-2175-3b5d-a1d4-0e7a5b2d4c6e',
      ],
      [okc1.name, String(okc1.position), 'OK Computer', 'Radiohead', '1.0', '', ''],
    ]);

    const reviews = csvOf(files, 'reviews.csv');
    expect(reviews.header).toEqual([
      'album',
      'artist',
      'rating',
      'review',
      'created_at',
      'edited_at',
      'musicbrainz_release_group_id',
    ]);
    expect(reviews.rows.map((row) => row.slice(0, 4))).toEqual([
      ['Kind of Blue', 'Miles Davis', '4.5', REVIEW],
      // A formula is shown as text: the apostrophe keeps a spreadsheet from running it.
      ['OK Computer', 'Radiohead', '3.5', `'${FORMULA_REVIEW}`],
    ]);
    expect(reviews.rows[0]?.[4]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(reviews.rows[0]?.[5]).toBe('');
    expect(reviews.rows[1]?.[5]).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The raw bytes: quoted, inner quotes doubled, the line break kept inside the quotes, UTF-8.
    expect(reviews.text).toContain('"Ça déchire, ""vraiment"".\nSecond line"');

    const collection = csvOf(files, 'collection.csv');
    expect(collection.header).toEqual([
      'album',
      'artist',
      'release_year',
      'rating',
      'date_added',
      'musicbrainz_release_group_id',
    ]);
    expect(collection.rows.map((row) => [row[0], row[3]])).toEqual([
      ['Kind of Blue', '4.5'],
      ['OK Computer', '3.5'],
    ]);

    const rateLater = csvOf(files, 'rate-later.csv');
    expect(rateLater.header).toEqual(['album', 'artist', 'release_year', 'added_at', 'musicbrainz_release_group_id']);
    expect(rateLater.rows.map((row) => row.slice(0, 3))).toEqual([['DAMN.', 'Kendrick Lamar', '2017']]);

    const diary = csvOf(files, 'diary.csv');
    expect(diary.header).toEqual(['date', 'relisten', 'album', 'artist', 'musicbrainz_release_group_id', 'songs']);
    const blueMbid = '8e8a594f-2175-3b5d-a1d4-0e7a5b2d4c6e';
    expect(diary.rows).toEqual([
      ['2026-03-04', 'true', 'Kind of Blue', 'Miles Davis', blueMbid, `${blue1.name}; ${blue2.name}`],
      ['2026-03-05', 'false', 'Kind of Blue', 'Miles Davis', blueMbid, ''],
    ]);

    const lists = csvOf(files, 'lists.csv');
    expect(lists.header).toEqual([
      'list',
      'kind',
      'ranked',
      'visibility',
      'position',
      'album',
      'artist',
      'song',
      'note',
    ]);
    expect(lists.rows).toEqual([
      ['Écoute, 1959', 'album', 'true', 'public', '1', 'OK Computer', 'Radiohead', '', ''],
      ['Écoute, 1959', 'album', 'true', 'public', '2', 'Kind of Blue', 'Miles Davis', '', 'modal, cool'],
      ['Songs', 'song', 'false', 'public', '1', 'OK Computer', 'Radiohead', okc1.name, ''],
    ]);

    // RateYourMusic's own format: its header byte for byte, every value quoted, ratings 1–10, no BOM.
    const rym = csvOf(files, 'rym-ratings.csv', false);
    expect(rym.text.split('\r\n')[0]).toBe(
      'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type,Review',
    );
    expect(rym.text.split('\r\n')[1]).toBe('"","","Miles Davis","","","Kind of Blue","1959","9","","","",""');
    expect(rym.rows).toEqual([
      ['', '', 'Miles Davis', '', '', 'Kind of Blue', '1959', '9', '', '', '', ''],
      ['', '', 'Radiohead', '', '', 'OK Computer', '1997', '7', '', '', '', ''],
    ]);
  });

  it('gives someone with no data the headers alone', async () => {
    const cy = await createUser(t);
    const { response, bytes } = await download(cy);
    expect(response.status).toBe(200);
    const files = unzipSync(bytes);
    for (const name of Object.keys(files)) {
      const { rows } = csvOf(files, name, name !== 'rym-ratings.csv');
      expect(rows, name).toEqual([]);
    }
  });
});
