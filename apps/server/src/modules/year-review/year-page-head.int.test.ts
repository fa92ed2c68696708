import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';

const YEAR = new Date().getUTCFullYear();
// The built page's head, as Vite writes it.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="liner — discover, rate and share music." />
    <title>liner</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let webDir: string;
let ana: TestUser;

/** The page as a link preview reads it: signed out, no script. */
async function pageAt(pathname: string) {
  const response = await fetch(`${t.baseUrl}${pathname}`);
  return { status: response.status, html: await response.text() };
}

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'liner-web-'));
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
  ana = await createUser(t);
  const album = await call(t, '/api/music/albums/miles-davis-kind-of-blue');
  const rated = await call(t, `/api/albums/miles-davis-kind-of-blue/tracks/${album.body.tracks[0].id}/rating`, {
    method: 'PUT',
    body: { rating: 10 },
    cookie: ana.cookie,
    ip: ana.ip,
  });
  expect(rated.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe("a year page's link preview", () => {
  it('names the year and its picture in Open Graph and Twitter tags, in place of the generic head', async () => {
    const { status, html } = await pageAt(`/profile/${ana.name}/year/${YEAR}`);
    expect(status).toBe(200);
    const title = `${ana.name}&#39;s ${YEAR} in music`.replace('&#39;', "'");
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain(
      `<meta property="og:image" content="${t.baseUrl}/api/users/${ana.id}/year/${YEAR}/card.png?size=wide" />`,
    );
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('content="1 album rated, 1 song rated, 0 listens."');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${title} · liner</title>`);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
  });

  it('gives a private year, an unknown person, a year that is not one and other pages the plain page', async () => {
    expect(
      (
        await call(t, '/api/users/me/privacy', {
          method: 'PUT',
          body: { locked: true, defaultAudience: 'public' },
          cookie: ana.cookie,
          ip: ana.ip,
        })
      ).status,
    ).toBe(200);
    for (const pathname of [
      `/profile/${ana.name}/year/${YEAR}`,
      `/profile/nobody-here/year/${YEAR}`,
      `/profile/${ana.name}/year/1999`,
      `/profile/${ana.name}`,
    ]) {
      const { status, html } = await pageAt(pathname);
      expect(status, pathname).toBe(200);
      expect(html, pathname).toBe(INDEX_HTML);
    }
    // An address that is not even well encoded is refused before any page is made.
    expect((await pageAt(`/profile/%E0%A4%A/year/${YEAR}`)).status).toBe(400);
  });
});
