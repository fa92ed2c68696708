import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageWork } from '../lib/square-image.ts';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import type { Json } from '../test/http.ts';
import { call, createUser, nextIp, type TestUser } from '../test/users.ts';

/**
 * Uploads: a picture's cost is bounded by the server, not by whoever sends it, and
 * replacing or deleting a picture removes only the file the server stored for that user.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Upload {
  status: number;
  body: Json;
  ms: number;
  headers: Headers;
}

async function upload(user: TestUser, bytes: Buffer, filename = 'me.png', type = 'image/png'): Promise<Upload> {
  const form = new FormData();
  form.append('picture', new Blob([new Uint8Array(bytes)], { type }), filename);
  const started = performance.now();
  const res = await fetch(`${t.baseUrl}/api/users/me/profile/picture`, {
    method: 'POST',
    headers: { cookie: user.cookie, origin: t.baseUrl, 'x-forwarded-for': nextIp() },
    body: form,
  });
  const body = (await res.json()) as Json;
  return { status: res.status, body, ms: performance.now() - started, headers: res.headers };
}

const uploadsDir = () => path.join(t.config.dataDir, 'uploads');

function storedFiles(): string[] {
  try {
    return readdirSync(uploadsDir(), { recursive: true })
      .map(String)
      .filter((f) => /\.\w+$/.test(f))
      .sort();
  } catch {
    return [];
  }
}

const pictureUrl = async (user: TestUser) =>
  (await call(t, '/api/users/me/profile', { cookie: user.cookie })).body.pictureUrl as string | null;

const fileStatus = async (url: string) => (await fetch(`${t.baseUrl}${url}`)).status;

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

const noise = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  });

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Runs `work`, sampling this process's RSS (the server runs in it) every 50 ms. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; rssGrowthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, ms: performance.now() - started, rssGrowthMb: mb(peak - before) };
  } finally {
    clearInterval(sampler);
  }
}

/** Calls /api/health back to back until `work` settles; returns the slowest answer's time. */
async function slowestHealthDuring(work: Promise<unknown>): Promise<{ slowestMs: number; samples: number }> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  let slowestMs = 0;
  let samples = 0;
  do {
    const started = performance.now();
    const res = await fetch(`${t.baseUrl}/api/health`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    slowestMs = Math.max(slowestMs, performance.now() - started);
    samples += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  } while (!done);
  await settled;
  return { slowestMs, samples };
}

describe('long, narrow pictures (decompression work bombs)', () => {
  // A cover-resize to a square used to scale a 2×4000 PNG (258 bytes) to 512×1,024,000 pixels:
  // 13–27 s of CPU and 1.6 GB of memory each. Pictures beyond 4:1 are now refused before decoding.
  it('refuses a 2×4000, a 4000×2 and a 1×20000 PNG with 400 in under 2 s each', async () => {
    const user = await createUser(t);
    const before = storedFiles();
    for (const [width, height] of [
      [2, 4000],
      [4000, 2],
      [1, 20_000],
    ] as const) {
      const bomb = await solid(width, height).png().toBuffer();
      const res = await upload(user, bomb);
      console.log(`bomb ${width}×${height} (${bomb.length} bytes): ${res.status} in ${Math.round(res.ms)} ms`);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Picture is too long and narrow: one side may be at most 4 times the other');
      expect(res.ms).toBeLessThan(2000);
    }
    expect(storedFiles()).toEqual(before);
    expect(await pictureUrl(user)).toBeNull();
  });

  it('answers four bombs at once within 4 s, while /api/health answers within 500 ms and memory grows < 300 MB', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(t)));
    const bomb = await solid(2, 4000).png().toBuffer();
    const uploads = measured(() => Promise.all(users.map((user) => upload(user, bomb))));
    const health = await slowestHealthDuring(uploads);
    const { result, ms, rssGrowthMb } = await uploads;
    console.log(
      `4 bombs at once: ${Math.round(ms)} ms, RSS growth at peak ${rssGrowthMb} MB, ` +
        `slowest /api/health ${Math.round(health.slowestMs)} ms over ${health.samples} calls`,
    );
    for (const res of result) expect(res.status).toBe(400);
    expect(ms).toBeLessThan(4000);
    expect(health.slowestMs).toBeLessThan(500);
    expect(rssGrowthMb).toBeLessThan(300);
  });

  it('accepts a 4:1 picture, the longest allowed, as a 512×512 WebP', async () => {
    const user = await createUser(t);
    const res = await upload(user, await solid(2, 8).png().toBuffer());
    expect(res.status).toBe(200);
    const meta = await sharp(
      Buffer.from(await (await fetch(`${t.baseUrl}${res.body.pictureUrl}`)).arrayBuffer()),
    ).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });
});

describe('large but legal pictures', () => {
  it('turns a 5 MB noise JPEG of 3000×3000 into a 512×512 WebP in under 2 s', async () => {
    const user = await createUser(t);
    const jpeg = await noise(3000, 3000).jpeg({ quality: 78 }).toBuffer();
    expect(jpeg.length).toBeGreaterThan(4.5 * 1024 * 1024);
    expect(jpeg.length).toBeLessThanOrEqual(5 * 1024 * 1024);
    const { result: res, rssGrowthMb } = await measured(() => upload(user, jpeg, 'big.jpg', 'image/jpeg'));
    console.log(
      `${(jpeg.length / 1024 / 1024).toFixed(1)} MB JPEG: ${Math.round(res.ms)} ms, RSS growth ${rssGrowthMb} MB`,
    );
    expect(res.status).toBe(200);
    expect(res.ms).toBeLessThan(2000);
    const stored = Buffer.from(await (await fetch(`${t.baseUrl}${res.body.pictureUrl}`)).arrayBuffer());
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  it('processes four 6-megapixel AVIFs at once within 4 s, while /api/health answers within 500 ms', async () => {
    // AVIF has no shrink-on-load and decodes a whole frame at once: the queue under real load.
    const avif = await solid(3000, 2000).avif({ effort: 0 }).toBuffer();
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(t)));
    const uploads = measured(() => Promise.all(users.map((user) => upload(user, avif, 'big.avif', 'image/avif'))));
    const health = await slowestHealthDuring(uploads);
    const { result, ms, rssGrowthMb } = await uploads;
    console.log(
      `4 AVIFs 3000×2000 at once: ${Math.round(ms)} ms (each ${result.map((r) => Math.round(r.ms)).join(', ')} ms), ` +
        `RSS growth at peak ${rssGrowthMb} MB, slowest /api/health ${Math.round(health.slowestMs)} ms`,
    );
    for (const res of result) expect(res.status).toBe(200);
    expect(ms).toBeLessThan(4000);
    expect(health.slowestMs).toBeLessThan(500);
  });

  it('refuses an AVIF over 16 megapixels with 413 before decoding it', async () => {
    const user = await createUser(t);
    const res = await upload(user, await solid(6000, 4000).avif({ effort: 0 }).toBuffer(), 'big.avif', 'image/avif');
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('Picture is too large: at most 16 megapixels for AVIF');
    expect(res.ms).toBeLessThan(500);
  });

  it('answers 503 with Retry-After when the picture queue is full, and changes nothing', async () => {
    const user = await createUser(t);
    const before = storedFiles();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Two jobs running and eight waiting fill the queue.
    const held = Array.from({ length: 10 }, () => imageWork.run(() => gate));
    try {
      expect(imageWork.waiting).toBe(8);
      const res = await upload(user, await solid(10, 10).png().toBuffer());
      expect(res.status).toBe(503);
      expect(res.body.error).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Too many pictures are being processed. Please try again in a few seconds.',
      });
      // The queue's own wait, not the database's: a full queue is not a database outage.
      expect(res.headers.get('retry-after')).toBe('5');
    } finally {
      release();
      await Promise.all(held);
    }
    expect(storedFiles()).toEqual(before);
    expect(await pictureUrl(user)).toBeNull();
    expect((await upload(user, await solid(10, 10).png().toBuffer())).status).toBe(200);
  });

  it("answers an upload over 5 MB with 413 'Picture must be 5 MB or smaller'", async () => {
    const user = await createUser(t);
    const big = Buffer.concat([await solid(10, 10).png().toBuffer(), randomBytes(5 * 1024 * 1024)]);
    const res = await upload(user, big);
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('Picture must be 5 MB or smaller');
    expect(await pictureUrl(user)).toBeNull();
  });
});

describe('files that are not JPEG, PNG, WebP or AVIF pictures', () => {
  it('refuses GIF, TIFF, SVG with a script and HEIC with 400 naming the formats, and changes nothing', async () => {
    const user = await createUser(t);
    const first = await upload(user, await solid(20, 20).png().toBuffer());
    expect(first.status).toBe(200);
    const before = storedFiles();
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
        '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    // An ISO-BMFF header with the HEIC brand: libvips here cannot decode HEVC, and it is refused before.
    const heic = Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), randomBytes(200)]);
    for (const [bytes, filename, type] of [
      [await solid(10, 10).gif().toBuffer(), 'a.gif', 'image/gif'],
      [await solid(10, 10).tiff().toBuffer(), 'a.tiff', 'image/tiff'],
      [svg, 'a.svg', 'image/svg+xml'],
      [svg, 'disguised.png', 'image/png'],
      [heic, 'a.heic', 'image/heic'],
    ] as const) {
      const res = await upload(user, bytes, filename, type);
      expect({ filename, status: res.status, message: res.body.error?.message }).toEqual({
        filename,
        status: 400,
        message: 'Picture must be a JPEG, PNG, WebP or AVIF image',
      });
    }
    expect(storedFiles()).toEqual(before);
    expect(await pictureUrl(user)).toBe(first.body.pictureUrl);
  });

  it("refuses forged, truncated and random files with 400 'Picture must be an image file', and changes nothing", async () => {
    const user = await createUser(t);
    const first = await upload(user, await solid(20, 20).png().toBuffer());
    expect(first.status).toBe(200);
    const before = storedFiles();
    const png = await noise(300, 300).png().toBuffer();
    const forged = Buffer.concat([png.subarray(0, 8), Buffer.from('<html><script>alert(1)</script></html>')]);
    for (const [bytes, filename, type] of [
      [forged, 'forged.png', 'image/png'],
      [png.subarray(0, png.length / 2), 'truncated.png', 'image/png'],
      [randomBytes(4096), 'random.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(user, bytes, filename, type);
      expect({ filename, status: res.status, message: res.body.error?.message }).toEqual({
        filename,
        status: 400,
        message: 'Picture must be an image file',
      });
    }
    expect(storedFiles()).toEqual(before);
    expect(await pictureUrl(user)).toBe(first.body.pictureUrl);
  });

  it('judges a picture by its bytes, not by the name and type the browser sent', async () => {
    // A real PNG named .gif is re-encoded like any PNG: the declared type is never trusted either way.
    const user = await createUser(t);
    const res = await upload(user, await solid(30, 30).png().toBuffer(), 'really-a-png.gif', 'image/gif');
    expect(res.status).toBe(200);
    expect(res.body.pictureUrl).toMatch(/\.webp$/);
  });
});

describe('metadata', () => {
  it('stores no EXIF (copyright, GPS), ICC profile or XMP from the upload', async () => {
    const user = await createUser(t);
    const jpeg = await noise(640, 480)
      .withExif({
        IFD0: { Copyright: 'secret-owner', Artist: 'secret-owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .withIccProfile('p3')
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
          '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:rights>secret-owner</dc:rights>' +
          '</rdf:Description></rdf:RDF></x:xmpmeta>',
      )
      .jpeg()
      .toBuffer();
    const sent = await sharp(jpeg).metadata();
    expect(sent.exif && sent.icc && sent.xmp).toBeTruthy();
    expect(jpeg.includes('secret-owner')).toBe(true);

    const res = await upload(user, jpeg, 'holiday.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    const stored = Buffer.from(await (await fetch(`${t.baseUrl}${res.body.pictureUrl}`)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes('secret-owner')).toBe(false);
  });
});

describe("other people's files", () => {
  /** What the old sign-up `image` field allowed: any URL as a user's picture. */
  async function plantPictureUrl(user: TestUser, url: string) {
    const db = t.database.handle.db;
    await db.updateTable('profiles').set({ picture_url: url }).where('user_id', '=', user.id).execute();
    await db.updateTable('user').set({ image: url }).where('id', '=', user.id).execute();
  }

  it("never removes another user's picture named by a planted URL, on upload or on account deletion", async () => {
    const alice = await createUser(t);
    const mallory = await createUser(t);
    const alicePicture = (await upload(alice, await solid(40, 40).png().toBuffer())).body.pictureUrl as string;
    expect(await fileStatus(alicePicture)).toBe(200);

    await plantPictureUrl(mallory, alicePicture);
    const replaced = await upload(mallory, await solid(50, 50).png().toBuffer());
    expect(replaced.status).toBe(200);
    expect(await fileStatus(alicePicture)).toBe(200);

    await plantPictureUrl(mallory, alicePicture);
    const deleted = await call(t, '/api/users/me', {
      method: 'DELETE',
      cookie: mallory.cookie,
      body: { password: mallory.password },
    });
    expect(deleted.status).toBe(204);
    expect(await fileStatus(alicePicture)).toBe(200);
    expect(await pictureUrl(alice)).toBe(alicePicture);
  });

  it('never removes a file outside the user’s own picture folder, whatever the URL names', async () => {
    const mallory = await createUser(t);
    const secret = path.join(t.config.dataDir, 'auth-secret');
    writeFileSync(secret, 'do not delete');
    mkdirSync(path.join(uploadsDir(), 'covers'), { recursive: true });
    const cover = path.join(uploadsDir(), 'covers', 'album-0123456789abcdef.webp');
    writeFileSync(cover, 'a cover');
    for (const [i, url] of [
      '/api/files/../auth-secret',
      '/api/files/covers/album-0123456789abcdef.webp',
      `/api/files/avatars/${mallory.id}/../../covers/album-0123456789abcdef.webp`,
    ].entries()) {
      await plantPictureUrl(mallory, url);
      const res = await upload(
        mallory,
        await solid(20, 20 + i)
          .png()
          .toBuffer(),
      );
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
    }
    await plantPictureUrl(mallory, '/api/files/../auth-secret');
    const deleted = await call(t, '/api/users/me', {
      method: 'DELETE',
      cookie: mallory.cookie,
      body: { password: mallory.password },
    });
    expect(deleted.status).toBe(204);
    expect(existsSync(secret)).toBe(true);
    expect(existsSync(cover)).toBe(true);
  });

  it('still removes a user’s own previous picture when it is replaced, and on account deletion', async () => {
    const user = await createUser(t);
    const first = (await upload(user, await solid(60, 60).png().toBuffer())).body.pictureUrl as string;
    const second = (await upload(user, await noise(60, 60).png().toBuffer())).body.pictureUrl as string;
    expect(second).not.toBe(first);
    expect(await fileStatus(first)).toBe(404);
    expect(await fileStatus(second)).toBe(200);
    const deleted = await call(t, '/api/users/me', {
      method: 'DELETE',
      cookie: user.cookie,
      body: { password: user.password },
    });
    expect(deleted.status).toBe(204);
    expect(await fileStatus(second)).toBe(404);
  });
});
