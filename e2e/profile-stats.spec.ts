import AxeBuilder from '@axe-core/playwright';
import { expect, newAccount, openOwnProfile, signUpWithProfileViaApi, test } from './fixtures.ts';

// Profile substance: a profile's stats move when its owner rates (no reload: the
// rating itself refreshes them), and favourite albums chosen in the editor stand on the shelf.

test("a listener's profile stats move after rating, and a chosen favourite stands on the shelf", async ({
  page,
  newListener,
}) => {
  const account = newAccount('statfan');
  await signUpWithProfileViaApi(page, account, 'Counting what I hear.');
  await openOwnProfile(page, account);
  const stats = page.getByRole('region', { name: 'Stats' });
  await expect(stats.getByTestId('albums-rated')).toHaveText('0');
  await expect(stats.getByText('Rate some albums and your stats will show here.')).toBeVisible();
  await expect(page.getByText(/^Joined /)).toBeVisible();

  // To the album inside the app (the site search, then its result): the profile's answers stay
  // cached on the way back, so only the rating's own refresh can move them.
  // Heavy Weather: no other journey rates it.
  await page.getByRole('combobox', { name: 'Search' }).fill('Heavy Weather');
  await page.keyboard.press('Enter');
  await page.getByRole('region', { name: 'Music' }).getByRole('link', { name: 'Heavy Weather' }).click();
  await expect(page.getByRole('heading', { name: 'Heavy Weather', level: 1 })).toBeVisible();
  const so = page.getByRole('slider', { name: 'Rate Birdland' });
  await so.focus();
  await page.keyboard.press('End'); // 5
  const freddie = page.getByRole('slider', { name: 'Rate A Remark You Made' });
  await freddie.focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight'); // 4
  await expect(page.getByRole('img', { name: 'Album Rating: 4.5 of 5 stars' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('heading', { name: account.name, level: 1 })).toBeVisible();
  await expect(stats.getByTestId('albums-rated')).toHaveText('1');
  await expect(stats.getByTestId('songs-rated')).toHaveText('2');
  await expect(stats.getByTestId('average-rating')).toHaveText('★ 4.5');
  const chart = stats.getByRole('list', { name: 'Albums by rating' });
  // Each bar's words, as a screen reader hears them.
  await expect(chart.getByRole('listitem').nth(8)).toContainText('4½ stars: 1 album');
  await expect(chart.getByRole('listitem').nth(9)).toContainText('5 stars: 0 albums');
  await expect(stats.getByRole('link', { name: 'jazz', exact: true })).toHaveAttribute('href', '/charts?genre=jazz');
  await expect(stats.getByRole('link', { name: 'Weather Report' })).toHaveAttribute('href', '/artist/weather-report');

  // Favourites: two albums found in the catalogue, the second moved to the front.
  const shelf = page.getByRole('region', { name: 'Favourite albums' });
  await shelf.getByRole('button', { name: 'Edit favourites' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit favourites' });
  const search = dialog.getByLabel('Search albums');
  await search.fill('OK Computer');
  await dialog.getByRole('button', { name: 'Add OK Computer' }).click();
  await search.fill('Kind of Blue');
  await dialog.getByRole('button', { name: 'Add Kind of Blue' }).click();
  await dialog.getByRole('button', { name: 'Move Kind of Blue up' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Kind of Blue moved to place 1 of 2');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(shelf.getByRole('link')).toHaveText(['Kind of Blue', 'OK Computer']);
  await expect(shelf.getByRole('button', { name: 'Edit favourites' })).toBeFocused();

  // Anyone sees them, without the editor.
  const visitor = await newListener();
  await visitor.goto(`/profile/${account.name}`);
  const visitorShelf = visitor.getByRole('region', { name: 'Favourite albums' });
  await expect(visitorShelf.getByRole('link')).toHaveText(['Kind of Blue', 'OK Computer']);
  await expect(visitorShelf.getByRole('button', { name: 'Edit favourites' })).toHaveCount(0);
  await expect(visitor.getByRole('region', { name: 'Stats' }).getByTestId('albums-rated')).toHaveText('1');
});
