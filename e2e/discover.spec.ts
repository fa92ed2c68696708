import { expect, test } from './fixtures.ts';

test('Discover keeps its page and search in the URL, so Back returns to them', async ({ page }) => {
  await page.goto('/music');
  await expect(page.getByText('Page 1 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/music\?page=3$/);
  await expect(page.getByText('Page 3 of 5')).toBeVisible();
  await page.locator('.album-grid a').first().click();
  await expect(page).toHaveURL(/\/album\//);
  await page.goBack();
  await expect(page.getByText('Page 3 of 5')).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Page 2 of 5')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search music' }).fill('blue');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/music\?q=blue&page=2$/);
  const songs = page.getByRole('region', { name: 'Songs' });
  const song = songs.getByRole('listitem').first();
  await expect(song).toContainText('Song');
  // The song's title opens its album; its artist is a link of its own.
  await expect(song.locator('a[href^="/artist/"]')).toHaveCount(1);
  await song.locator('a[href^="/album/"]').click();
  await expect(page).toHaveURL(/\/album\//);
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search music' })).toHaveValue('blue');
  await expect(songs.getByRole('link').first()).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Page 2 of 5')).toBeVisible();
});

test('changing the search tab replaces the entry: one Back leaves the search page', async ({ page }) => {
  await page.goto('/lists');
  await page.goto('/search?q=blue');
  await expect(page.getByRole('heading', { name: 'Search Results for "blue"' })).toBeVisible();
  await page.getByRole('tab', { name: /Music/ }).click();
  await expect(page).toHaveURL(/tab=music/);
  await page.getByRole('tab', { name: /Users/ }).click();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page).toHaveURL(/tab=all/);
  await page.goBack();
  await expect(page).toHaveURL(/\/lists$/);
});
