import { expect, test } from './fixtures.ts';

test('Discover filters by genre and decade, sorts, keeps it all in the URL, and Back and Forward restore it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/music');
  await expect(page.getByText('Page 1 of 5')).toBeVisible();
  await expect(page.getByRole('region', { name: 'New releases' }).locator('.album-card').first()).toBeVisible();

  const genre = page.getByLabel('Genre');
  await expect(genre.locator('option[value="rock"]')).toHaveCount(1);
  await genre.selectOption('rock');
  await expect(page).toHaveURL(/\/music\?genre=rock$/);
  await expect(page.getByRole('heading', { name: 'Albums', level: 2 })).toBeVisible();
  await expect(page.locator('.album-grid .album-card').first()).toBeVisible();
  await expect(page.getByText(/Page \d of 5/)).toHaveCount(0);

  await page.getByLabel('Decade').selectOption('1990');
  await expect(page).toHaveURL(/\/music\?genre=rock&decade=1990$/);
  await page.getByLabel('Sort by').selectOption('newest');
  await expect(page).toHaveURL(/\/music\?genre=rock&decade=1990&sort=newest$/);

  // Every album shown is from the nineties, newest first. Until the sorted answer arrives the grid
  // keeps showing the previous one (marked busy, once the new query has started): the years are
  // read when the grid has settled on newest first, as a person would see it in a moment.
  const grid = page.locator('.album-grid');
  const shownYears = () => grid.locator('.album-card__year').allTextContents();
  await expect
    .poll(async () => {
      const shown = await shownYears();
      const settled = (await grid.getAttribute('aria-busy')) === 'false';
      return settled && shown.length > 0 && shown.join() === [...shown].sort().reverse().join();
    })
    .toBe(true);
  const years = await shownYears();
  expect(years.length).toBeGreaterThan(0);
  for (const year of years) expect(Number(year)).toBeGreaterThanOrEqual(1990);
  for (const year of years) expect(Number(year)).toBeLessThan(2000);
  expect([...years].sort().reverse()).toEqual(years);

  // An album and back: the filtered page is still there.
  await grid.locator('.album-card__title').first().click();
  await expect(page).toHaveURL(/\/album\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/music\?genre=rock&decade=1990&sort=newest$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('newest');

  await page.goBack();
  await expect(page).toHaveURL(/\/music\?genre=rock&decade=1990$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('score');
  await expect(page.getByLabel('Decade')).toHaveValue('1990');
  await page.goBack();
  await expect(page).toHaveURL(/\/music\?genre=rock$/);
  await expect(page.getByLabel('Decade')).toHaveValue('');
  await page.goForward();
  await expect(page).toHaveURL(/\/music\?genre=rock&decade=1990$/);
  await expect(page.getByLabel('Decade')).toHaveValue('1990');
  await expect(page.getByLabel('Genre')).toHaveValue('rock');
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/music$/);
  await expect(page.getByText('Page 1 of 5')).toBeVisible();
});

test('a filter nothing matches says so plainly', async ({ page }) => {
  await page.goto('/music?genre=rock&decade=1900&type=compilation');
  await expect(page.getByText('No albums match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/music$/);
  await expect(page.getByText('Page 1 of 5')).toBeVisible();
});
