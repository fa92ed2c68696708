import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

const BLUE = 'miles-davis-kind-of-blue';
const MOON = 'pink-floyd-the-dark-side-of-the-moon';
const YEAR = new Date().getUTCFullYear();
let t: TestApp;
let ana: TestUser;
let bo: TestUser;

const as = (who: TestUser, path: string, method = 'GET', body?: unknown) =>
  call(t, path, { method, body, cookie: who.cookie, ip: who.ip });

/** The card as a client gets it: status, headers and the picture's bytes. */
async function cardOf(who: TestUser | null, query = '', headers: Record<string, string> = {}, userId = ana.id) {
  const response = await fetch(`${t.baseUrl}/api/users/${userId}/year/${YEAR}/card.png${query}`, {
    headers: {
      'x-forwarded-for': who?.ip ?? '10.254.0.1',
      ...(who ? { cookie: who.cookie } : {}),
      ...headers,
    },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function rate(who: TestUser, albumId: string, ratings: number[]) {
  const album = await call(t, `/api/music/albums/${albumId}`);
  for (const [i, rating] of ratings.entries()) {
    const res = await as(who, `/api/albums/${albumId}/tracks/${album.body.tracks[i].id}/rating`, 'PUT', { rating });
    expect(res.status).toBe(200);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  ana = await createUser(t);
  bo = await createUser(t);
  await rate(ana, BLUE, [10, 9]);
  expect((await as(ana, `/api/albums/${BLUE}/listens`, 'POST', { listenedOn: `${YEAR}-01-01` })).status).toBe(201);
  // Kind of Blue has a stored cover, plain red: the card must show that one, from our own store.
  const red = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff0000' } })
    .webp({ lossless: true })
    .toBuffer();
  await t.app.files.put('covers/year-card-test.webp', red);
  await t.database.handle.db
    .updateTable('albums')
    .set({ cover_url: '/api/files/covers/year-card-test.webp' })
    .where('id', '=', BLUE)
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe("a year's picture to share", () => {
  it('is a 1200×630 PNG by default and 1080×1920 as a story, drawn with the stored cover', async () => {
    const wide = await cardOf(bo);
    expect(wide.response.status).toBe(200);
    expect(wide.response.headers.get('content-type')).toBe('image/png');
    expect(await sharp(wide.bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // The first cover's middle (the wide card's covers start 64 px in and 410 px down, 168 px square).
    const { data } = await sharp(wide.bytes).extract({ left: 148, top: 494, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);

    const story = await cardOf(bo, '?size=story');
    expect(story.response.status).toBe(200);
    expect(await sharp(story.bytes).metadata()).toMatchObject({ format: 'png', width: 1080, height: 1920 });
  });

  it('answers 304 to the ETag it gave until a rating changes what it shows', async () => {
    const first = await cardOf(bo);
    const etag = first.response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"y/);
    // Kept by no shared cache (who may see it depends on who asks); a member's browser keeps none (ADR 41).
    expect(first.response.headers.get('cache-control')).toBe('private, no-store');
    expect((await cardOf(null)).response.headers.get('cache-control')).toBe('private, no-cache');
    const again = await cardOf(bo, '', { 'if-none-match': etag });
    expect(again.response.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    // Another person's same-looking request is the same card: one drawing serves every viewer.
    expect((await cardOf(null)).response.headers.get('etag')).toBe(etag);

    await rate(ana, MOON, [4]);
    const moved = await cardOf(bo, '', { 'if-none-match': etag });
    expect(moved.response.status).toBe(200);
    expect(moved.response.headers.get('etag')).not.toBe(etag);
  });

  it('draws a stored cover that is missing, and an album without one, as the site shows them', async () => {
    await t.database.handle.db
      .updateTable('albums')
      .set({ cover_url: '/api/files/covers/gone.webp' })
      .where('id', '=', MOON)
      .execute();
    const card = await cardOf(bo);
    expect(card.response.status).toBe(200);
    expect(await sharp(card.bytes).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it("meets a flood of distinct cards with the pictures' queue: each drawn or 503 with Retry-After, never a 500", async () => {
    const years = Array.from({ length: 16 }, (_, i) => YEAR - i);
    const answers = await Promise.all(
      years.map(async (year) => {
        const response = await fetch(`${t.baseUrl}/api/users/${ana.id}/year/${year}/card.png?size=story`, {
          headers: { 'x-forwarded-for': bo.ip, cookie: bo.cookie },
        });
        const body = Buffer.from(await response.arrayBuffer());
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
      }),
    );
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      if (answer.status === 503) {
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        expect(JSON.parse(answer.body.toString()).error.message).toMatch(/^Too many pictures are being processed/);
      }
    }
    // The queue lets the cards through once the flood is past.
    expect((await cardOf(bo, '?size=story')).response.status).toBe(200);
  });

  it('is refused as the year is: a private profile, a block, an unknown person, a bad size or year', async () => {
    expect((await as(ana, '/api/users/me/privacy', 'PUT', { locked: true, defaultAudience: 'public' })).status).toBe(
      200,
    );
    const signedOut = await cardOf(null);
    expect(signedOut.response.status).toBe(403);
    expect(signedOut.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(signedOut.bytes.toString()).error.message).toBe('Only approved followers can see this');
    expect((await cardOf(ana)).response.status).toBe(200);
    await as(ana, '/api/users/me/privacy', 'PUT', { locked: false, defaultAudience: 'public' });

    const cy = await createUser(t);
    expect((await as(ana, `/api/users/${cy.id}/block`, 'PUT')).status).toBe(200);
    expect((await cardOf(cy)).response.status).toBe(404);
    expect((await cardOf(bo, '', {}, 'nobody-here')).response.status).toBe(404);

    const badSize = await cardOf(bo, '?size=huge');
    expect(badSize.response.status).toBe(400);
    expect(JSON.parse(badSize.bytes.toString()).error.message).toMatch(/size must be story or wide/);
    const badYear = await fetch(`${t.baseUrl}/api/users/${ana.id}/year/1999/card.png`, {
      headers: { 'x-forwarded-for': bo.ip },
    });
    expect(badYear.status).toBe(400);
    await badYear.arrayBuffer();
  });
});
