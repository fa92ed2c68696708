import { expect, test } from './fixtures.ts';

const ALBUM = 'miles-davis-kind-of-blue';

test('a visitor opens the artist from an album page, sees the discography, opens another album and comes back', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`/album/${ALBUM}`);
  await expect(page.getByRole('heading', { name: 'Kind of Blue', level: 1 })).toBeVisible();
  // The album's facts: its type, full release date, songs and runtime, genres linking to charts.
  await expect(page.locator('.album-hero__kind')).toHaveText('Album');
  await expect(page.locator('.album-facts time')).toHaveText(/^\d{1,2} [A-Z][a-z]+ 1959$|^1959(-\d\d)?$/);
  await expect(page.getByText(/^\d+ songs?(, \d+ min)?$/)).toBeVisible();
  const genre = page.getByRole('list', { name: 'Genres' }).getByRole('link').first();
  await expect(genre).toHaveAttribute('href', /^\/charts\?genre=/);

  await page.locator('.album-hero__artist').getByRole('link', { name: 'Miles Davis' }).click();
  await expect(page).toHaveURL(/\/artist\/miles-davis$/);
  await expect(page.getByRole('heading', { name: 'Miles Davis', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Miles Davis/);
  const albums = page.getByRole('region', { name: /^Albums/ });
  await expect(albums.getByRole('link', { name: 'Kind of Blue' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top songs' })).toBeVisible();

  // Every card names the artist; the discography is oldest first.
  const years = await albums.locator('.album-card__year').allTextContents();
  expect(years.length).toBeGreaterThan(0);
  expect([...years].sort()).toEqual(years);

  // Another album of the artist (or Kind of Blue again when it is the only one), then Back.
  const titles = albums.locator('.album-card__title');
  const count = await titles.count();
  const other = count > 1 ? titles.filter({ hasNotText: /^Kind of Blue$/ }).first() : titles.first();
  const otherName = (await other.textContent()) ?? '';
  await other.click();
  await expect(page).toHaveURL(/\/album\//);
  await expect(page.getByRole('heading', { name: otherName, level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/artist\/miles-davis$/);
  await expect(page.getByRole('heading', { name: 'Miles Davis', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/album/${ALBUM}$`));
  await expect(page.getByRole('heading', { name: 'Kind of Blue', level: 1 })).toBeVisible();
});

test('an unknown artist says so, with a way on', async ({ page }) => {
  await page.goto('/artist/nobody-at-all');
  await expect(page.getByRole('heading', { name: 'Artist not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Discover music' }).click();
  await expect(page).toHaveURL(/\/music$/);
});
