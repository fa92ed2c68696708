import { readFile } from 'node:fs/promises';
import { accessibilityProblems, SIZES } from './accessibility.ts';
import { expect, newAccount, rateSongs, sameOrigin, signUpWithProfileViaApi, test } from './fixtures.ts';

// A year in music: reached from the profile's Diary, filled from the year's ratings and listens,
// readable by a visitor of an open profile, and whole at a laptop's and a phone's width.

const ALBUM = 'miles-davis-kind-of-blue';

test('a listener opens their year in music from the Diary; a visitor reads it too', async ({ page, newListener }) => {
  const account = newAccount('yearfan');
  await signUpWithProfileViaApi(page, account, 'A year of records.');
  await rateSongs(page, ALBUM, [10, 9, 3]);
  const today = new Date();
  const year = today.getUTCFullYear();
  for (const listenedOn of [`${year}-01-01`, undefined]) {
    const res = await page.request.post(`/api/albums/${ALBUM}/listens`, {
      data: listenedOn ? { listenedOn } : {},
      headers: sameOrigin(),
    });
    expect(res.status()).toBe(201);
  }

  // The Diary links to this year's (last year's in January, when this one has barely begun).
  await page.goto(`/profile/${account.name}`);
  await page.getByRole('tab', { name: 'Diary' }).click();
  const diaryYear = today.getMonth() === 0 ? year - 1 : year;
  const link = page.getByRole('region', { name: 'Diary' }).getByRole('link', { name: `Your ${diaryYear} in music` });
  // In December and January the profile itself offers the year that is ending, or just ended.
  const banner = page.getByRole('complementary', { name: 'Year in music' });
  if (today.getMonth() === 11 || today.getMonth() === 0) {
    await expect(banner.getByRole('link')).toHaveAttribute('href', `/profile/${account.name}/year/${diaryYear}`);
  } else await expect(banner).toHaveCount(0);
  await expect(link).toHaveAttribute('href', `/profile/${account.name}/year/${diaryYear}`);
  if (diaryYear !== year) await page.goto(`/profile/${account.name}/year/${year}`);
  else await link.click();

  await expect(page.getByRole('heading', { level: 1, name: `Your ${year} in music` })).toBeVisible();
  await expect(page.getByText('Songs rated', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('3');
  await expect(page.getByText('Listens', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('2');
  const listens = page.getByRole('list', { name: 'Listens by month' });
  await expect(listens.getByRole('listitem').first()).toContainText(/January: [12] listens?/);
  const songs = page.getByRole('region', { name: 'Top songs' }).getByRole('listitem');
  await expect(songs.first()).toContainText('So What');
  await expect(songs.first()).toContainText('5.0');
  await expect(songs).toHaveCount(3);
  await expect(
    page.getByRole('region', { name: 'Top albums' }).getByRole('link', { name: 'Kind of Blue' }),
  ).toHaveAttribute('href', `/album/${ALBUM}`);

  // The year as a picture, drawn by the server, previewed on the page.
  const preview = page.getByRole('region', { name: 'Share your year' }).getByRole('img');
  await expect(preview).toHaveAttribute(
    'alt',
    `${account.name}'s ${year} in music: 1 album rated, 3 songs rated, 2 listens; top artist Miles Davis.`,
  );
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);

  // Downloaded for a story: a PNG of 1080×1920 (its IHDR chunk holds the width and height).
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download for stories (1080×1920)' }).click();
  const story = await download;
  expect(story.suggestedFilename()).toBe(`${account.name}-${year}-in-music-story.png`);
  const bytes = await readFile(await story.path());
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1080, 1920]);

  // The page's address, as a link preview reads it (no script): the card in its Open Graph tags.
  const shared = await (await page.request.get(`/profile/${account.name}/year/${year}`)).text();
  expect(shared).toContain(`<meta property="og:title" content="${account.name}'s ${year} in music" />`);
  expect(shared).toMatch(
    new RegExp(
      `<meta property="og:image" content="http://[^"]+/api/users/[^/"]+/year/${year}/card\\.png\\?size=wide" />`,
    ),
  );
  const card = shared.match(/property="og:image" content="([^"]+)"/)?.[1] ?? '';
  const fetched = await page.request.get(new URL(card).pathname + new URL(card).search);
  expect(fetched.headers()['content-type']).toBe('image/png');

  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(page.getByRole('region', { name: 'Top songs' })).toBeVisible();
    problems.push(...(await accessibilityProblems(page, `year in music at ${size.width}px`)));
  }
  expect(problems).toEqual([]);

  // A visitor of an open profile reads the same year, in the third person, and can step back a year.
  const visitor = await newListener();
  await visitor.goto(`/profile/${account.name}/year/${year}`);
  await expect(visitor.getByRole('heading', { level: 1, name: `${account.name}'s ${year} in music` })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Top songs' }).getByRole('listitem')).toHaveCount(3);
  await visitor
    .getByRole('navigation', { name: 'Other years' })
    .getByRole('link', { name: `← ${year - 1}` })
    .click();
  await expect(visitor.getByText(`Nothing rated or logged in ${year - 1}.`)).toBeVisible();

  // An address with no year gets a page saying so, not an error.
  await visitor.goto(`/profile/${account.name}/year/1999`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Year not found' })).toBeVisible();
});
