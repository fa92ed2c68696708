import type { Page } from '@playwright/test';
import { expect, newAccount, rateSongs, signUpViaApi, test } from './fixtures.ts';

/**
 * Charts people trust: a chart counts people, not song ratings. The e2e server is
 * shared by every spec, so each journey makes its own listeners; the albums it uses are ones no
 * other journey rates.
 */
const OK_COMPUTER = 'radiohead-ok-computer';
/** 1990 metal: rated here by one person only. */
const RUST_IN_PEACE = 'megadeth-rust-in-peace';

/** Three new people, each rating the first songs of OK Computer (1997, rock) highly. */
async function threeListenersRateOkComputer(newListener: () => Promise<Page>) {
  for (const name of ['okc_a', 'okc_b', 'okc_c']) {
    const listener = await newListener();
    await signUpViaApi(listener, newAccount(name));
    await rateSongs(listener, OK_COMPUTER, [10, 9, 9]);
  }
}

test('albums and songs rated by three people chart in their year and genre', async ({ page, newListener }) => {
  test.setTimeout(60_000);
  await threeListenersRateOkComputer(newListener);

  await page.goto('/charts?year=1997&genre=rock');
  await expect(page.getByRole('heading', { name: 'Charts', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Ranked by listeners' ratings; an album needs at least \d+ listeners/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Genre' })).toHaveValue('rock');
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('year:1997');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'OK Computer' }) });
  await expect(row).toContainText('Radiohead');
  await expect(row).toContainText('1997');
  await expect(row).toContainText(/★ \d\.\d · \d+ listeners/);
  await expect(row.locator('img')).toHaveAttribute('loading', 'lazy');

  // The same people's ratings of its first song put that song on the song chart.
  await page.getByRole('tab', { name: 'Songs' }).click();
  await expect(page).toHaveURL(/\/charts\?kind=songs&genre=rock&year=1997$/);
  await expect(page.getByRole('listitem').filter({ hasText: 'OK Computer · 1997' }).first()).toBeVisible();

  // Another year's chart does not hold it.
  await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: '1998' });
  await expect(page).toHaveURL(/\/charts\?kind=songs&genre=rock&year=1998$/);
  await expect(page.getByRole('heading', { name: 'No songs on this chart yet' })).toBeVisible();

  await page.getByRole('link', { name: 'Charts' }).first().click();
  await expect(page).toHaveURL(/\/charts$/);
});

test("one person's single 5★ song rating does not put an album on the chart at all", async ({ page }) => {
  await signUpViaApi(page, newAccount('solo'));
  await rateSongs(page, RUST_IN_PEACE, [10]);

  await page.goto('/charts?decade=1990&genre=metal');
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('decade:1990');
  await expect(page.getByRole('heading', { name: 'No albums on this chart yet' })).toBeVisible();
  await expect(page.getByText(/An album needs ratings from at least \d+ listeners to chart\./)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rust in Peace' })).toHaveCount(0);

  // Nor anywhere in the all-time chart, however far it is paged.
  let cursor: string | null = null;
  const ids: string[] = [];
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const res = await page.request.get(`/api/charts/albums${query}`);
    expect(res.status()).toBe(200);
    const body = await res.json();
    ids.push(...body.entries.map((entry: { album: { id: string } }) => entry.album.id));
    cursor = body.nextCursor;
  } while (cursor);
  expect(ids).not.toContain(RUST_IN_PEACE);
});

test('filters survive Back and Forward, and work by keyboard alone', async ({ page, newListener }) => {
  test.setTimeout(60_000);
  await threeListenersRateOkComputer(newListener);

  await page.goto('/charts');
  await expect(page.getByRole('heading', { name: 'Charts', level: 1 })).toBeVisible();
  const genre = page.getByRole('combobox', { name: 'Genre' });
  await expect(genre.locator('option[value="rock"]')).toHaveText('Rock');
  await genre.selectOption('rock');
  await expect(page).toHaveURL(/\/charts\?genre=rock$/);
  // Keyboard: Tab from Genre to Period, and an arrow key chooses the next period (each choice is
  // a chart of its own); then a year replaces the decade.
  await genre.focus();
  await page.keyboard.press('Tab');
  const period = page.getByRole('combobox', { name: 'Period' });
  await expect(period).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/\/charts\?genre=rock&decade=2020$/);
  await period.selectOption({ label: '1997' });
  await expect(page).toHaveURL(/\/charts\?genre=rock&year=1997$/);
  await page.keyboard.press('Tab');
  const type = page.getByRole('combobox', { name: 'Type' });
  await expect(type).toBeFocused();
  await type.selectOption({ label: 'Album' });
  await expect(page).toHaveURL(/\/charts\?genre=rock&year=1997&type=album$/);

  // Tab reaches the chart's first entry; Enter opens its album.
  const link = page.getByRole('link', { name: 'OK Computer' });
  await expect(link).toBeVisible();
  for (let presses = 0; presses < 5 && !(await link.evaluate((el) => el === document.activeElement)); presses++) {
    await page.keyboard.press('Tab');
  }
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/album/${OK_COMPUTER}$`));
  await expect(page.getByRole('heading', { name: 'OK Computer', level: 1 })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/charts\?genre=rock&year=1997&type=album$/);
  await expect(page.getByRole('combobox', { name: 'Genre' })).toHaveValue('rock');
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('year:1997');
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('album');
  await expect(page.getByRole('link', { name: 'OK Computer' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/charts\?genre=rock&year=1997$/);
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('');
  await page.goBack();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('decade:2020');
  await page.goBack();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Genre' })).toHaveValue('rock');
  await page.goForward();
  await page.goForward();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('year:1997');

  // The Albums/Songs switch is a tab row: arrows move, Enter chooses.
  await page.getByRole('tab', { name: 'Albums' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/charts\?kind=songs&genre=rock&year=1997$/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Albums' })).toHaveAttribute('aria-selected', 'true');
});
