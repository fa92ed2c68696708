import { accessibilityProblems, SIZES } from './accessibility.ts';
import { expect, newAccount, openOwnProfile, signUpWithProfileViaApi, test } from './fixtures.ts';

// Importing your history: a listener uploads a RateYourMusic CSV, watches it being read,
// resolves the row that matched no album, and finds the ratings on the album pages and in the
// profile's stats.

/**
 * RateYourMusic's "export with reviews" as it writes it (the header with its stray spaces, every
 * value quoted, LF line ends). Albums no other journey rates: they assert their albums' community
 * counts. Mezzanine is named as no catalogue has it (a misspelt artist, an edition), so it waits to
 * be resolved; Rumours is rated 11, which no RYM rating is.
 */
const HEADER =
  'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type,Review';
const ROWS = [
  ['101', '', 'Kraftwerk', '', '', 'Autobahn', '1974', '9', 'o', '', '', ''],
  ['102', 'Stevie', 'Wonder', '', '', 'Innervisions', '1973', '8', 'n', '', '', ''],
  ['103', '', 'Masive Attack', '', '', 'Mezzanine (Deluxe Edition)', '1998', '10', 'n', '', '', ''],
  ['104', '', 'Fleetwood Mac', '', '', 'Rumours', '1977', '11', 'n', '', '', ''],
];
const rymCsv = () =>
  Buffer.from([HEADER, ...ROWS.map((row) => row.map((value) => `"${value}"`).join(','))].map((l) => `${l}\n`).join(''));

const UNMATCHED = 'Masive Attack — Mezzanine (Deluxe Edition) (1998)';

test('a listener imports a RateYourMusic CSV, resolves the unmatched row and finds the ratings', async ({ page }) => {
  test.setTimeout(60_000);
  const account = newAccount('importer');
  await signUpWithProfileViaApi(page, account, 'Years of ratings elsewhere.');
  await openOwnProfile(page, account);

  // Settings → Your data → the import page.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const yourData = page.getByRole('region', { name: 'Your data' });
  await yourData.getByRole('link', { name: 'Import from RateYourMusic, ListenBrainz or Last.fm' }).click();
  await expect(page).toHaveURL(/\/import$/);
  await expect(page.getByRole('heading', { name: 'Import your history', level: 1 })).toBeVisible();

  const form = page.getByRole('form', { name: 'Start an import' });
  await form.getByRole('radio', { name: 'RateYourMusic' }).click();
  await expect(form.getByRole('radio', { name: 'RateYourMusic' })).toBeChecked();
  await form.getByLabel('File').setInputFiles({ name: 'rym-export.csv', mimeType: 'text/csv', buffer: rymCsv() });
  await form.getByRole('button', { name: 'Import', exact: true }).click();

  // The job as the upload left it (the bad row already counted, its bar out of the four rows) until
  // the page next asks (every 1.5 s), by which time the worker, kicked by the upload, has read it.
  const job = page.getByRole('region', { name: 'RateYourMusic: rym-export.csv' });
  const bar = job.getByRole('progressbar', { name: 'Import progress' });
  await expect(bar).toHaveAttribute('max', '4');
  await expect(job.getByRole('heading', { name: 'RateYourMusic: rym-export.csv' })).toBeFocused();
  await expect(page).toHaveURL(/\/import\?import=/);
  await expect(job.getByText('Finished', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(bar).toHaveCount(0);
  await expect(job.getByText('4 of 4 rows read · 2 matched · 1 to resolve · 0 skipped · 1 error')).toBeVisible();
  await expect(job.getByRole('status')).toHaveText('Import finished: 2 matched, 1 to resolve, 1 error');

  // The row to resolve, with the album it is among the albums offered.
  const resolve = page.getByRole('region', { name: 'Rows to resolve' });
  await expect(resolve.getByText('1 row matches no album in the catalogue.', { exact: false })).toBeVisible();
  const row = resolve.getByRole('article', { name: UNMATCHED });
  await expect(row.getByText('Rated 5 stars')).toBeVisible();
  const offered = row.getByRole('list', { name: `Albums it may be: ${UNMATCHED}` });
  await expect(offered.getByRole('button', { name: 'Use Mezzanine by Massive Attack (1998)' })).toBeVisible();
  // The catalogue's search, opened from the row, starts from its artist and title.
  await row.getByRole('button', { name: 'Search for another album' }).click();
  const term = row.getByLabel('Album or artist');
  await expect(term).toBeFocused();
  await expect(term).toHaveValue('Masive Attack Mezzanine (Deluxe Edition)');
  await term.fill('Mezzanine');
  const found = row.getByRole('list', { name: 'Search results' });
  await expect(found.getByRole('button', { name: 'Use Mezzanine by Massive Attack (1998)' })).toBeVisible();

  // The rows that could not be read, each with its line and reason.
  const errors = page.getByRole('group').filter({ hasText: 'Rows that could not be read (1)' });
  await page.getByText('Rows that could not be read (1)').click();
  await expect(errors.getByText('Line 5: Fleetwood Mac — Rumours')).toBeVisible();
  await expect(errors.getByText('Rating must be a whole number from 0 to 10')).toBeVisible();

  // The page with all of it open passes axe and fits the screen, at both sizes.
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(found).toBeVisible();
    problems.push(...(await accessibilityProblems(page, `/import at ${size.width}px`)));
  }
  expect(problems).toEqual([]);
  await page.setViewportSize(SIZES[0]);

  await offered.getByRole('button', { name: 'Use Mezzanine by Massive Attack (1998)' }).click();
  await expect(row).toHaveCount(0);
  await expect(resolve.getByText('Every row is resolved or skipped.')).toBeVisible();
  await expect(resolve.getByRole('heading', { name: 'Rows to resolve' })).toBeFocused();
  await expect(job.getByText('4 of 4 rows read · 3 matched · 0 to resolve · 0 skipped · 1 error')).toBeVisible();
  const past = page.getByRole('region', { name: 'Past imports' });
  await expect(past.getByRole('button', { name: /RateYourMusic: rym-export\.csv/ })).toContainText(
    'Finished · 3 matched · 0 to resolve · 0 skipped · 1 error',
  );

  // The file's ratings are the listener's chosen album ratings (ADR 21), the resolved one too.
  for (const [albumId, title, stars] of [
    ['kraftwerk-autobahn', 'Autobahn', '4.5'],
    ['stevie-wonder-innervisions', 'Innervisions', '4'],
    ['massive-attack-mezzanine', 'Mezzanine', '5'],
  ]) {
    await page.goto(`/album/${albumId}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: `Album Rating: ${stars} of 5 stars` })).toBeVisible();
    await expect(page.getByText('(Your chosen rating)')).toBeVisible();
  }
  await expect(page.getByRole('img', { name: 'Album Rating: 5 of 5 stars' })).toBeVisible();

  // The profile's stats count the three albums: (4.5 + 4 + 5) / 3.
  await page.goto(`/profile/${account.name}`);
  const stats = page.getByRole('region', { name: 'Stats' });
  await expect(stats.getByTestId('albums-rated')).toHaveText('3');
  await expect(stats.getByTestId('songs-rated')).toHaveText('0');
  await expect(stats.getByTestId('average-rating')).toHaveText('★ 4.5');
  const chart = stats.getByRole('list', { name: 'Albums by rating' });
  await expect(chart.getByRole('listitem').nth(7)).toContainText('4 stars: 1 album');
  await expect(chart.getByRole('listitem').nth(8)).toContainText('4½ stars: 1 album');
  await expect(chart.getByRole('listitem').nth(9)).toContainText('5 stars: 1 album');
});

/** lastfm-to-csv's file: no header, newest first, commas taken out of names. */
const SCROBBLES = [
  ['Björk', 'Homogenic', 'Jóga', '11 May 2024 21:10'],
  ['Björk', 'Homogenic', 'Hunter', '11 May 2024 21:05'],
  ['Daft Punk', 'Discovery', 'Crescendolls', '10 May 2024 18:20'],
  ['Daft Punk', 'Discovery', 'Harder Better Faster Stronger', '10 May 2024 18:16'],
  ['Daft Punk', 'Discovery', 'Digital Love', '10 May 2024 18:11'],
  ['Daft Punk', 'Discovery', 'Aerodynamic', '10 May 2024 18:08'],
  ['Daft Punk', 'Discovery', 'One More Time', '10 May 2024 18:03'],
];

test('a listener imports Last.fm scrobbles and finds the songs of each day in the diary', async ({ page }) => {
  test.setTimeout(60_000);
  const account = newAccount('scrobbler');
  await signUpWithProfileViaApi(page, account, 'Every play counted.');

  await page.goto('/import');
  const form = page.getByRole('form', { name: 'Start an import' });
  await form.getByRole('radio', { name: 'Last.fm' }).click();
  const csv = Buffer.from(SCROBBLES.map((row) => `${row.join(',')}\n`).join(''));
  await form.getByLabel('File').setInputFiles({ name: 'scrobbles.csv', mimeType: 'text/csv', buffer: csv });
  await form.getByRole('button', { name: 'Import', exact: true }).click();
  const job = page.getByRole('region', { name: 'Last.fm: scrobbles.csv' });
  await expect(job.getByText('Finished', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(job.getByText('2 of 2 rows read · 2 matched · 0 to resolve · 0 skipped · 0 errors')).toBeVisible();

  await page.goto(`/profile/${account.name}`);
  await page.getByRole('tab', { name: 'Diary' }).click();
  await expect(page.getByRole('heading', { name: 'May 2024', level: 3 })).toBeVisible();
  // Each day's songs in the album's order, whatever order they were played in.
  const homogenic = page.getByRole('listitem').filter({ hasText: 'Homogenic' });
  await expect(homogenic).toContainText('Songs heard: Hunter · Jóga');
  const discovery = page.getByRole('listitem').filter({ hasText: 'Discovery' });
  await expect(discovery).toContainText('Songs heard: One More Time · Aerodynamic · Digital Love');
  await expect(discovery).not.toContainText('Crescendolls');

  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(discovery).toBeVisible();
    problems.push(...(await accessibilityProblems(page, `diary at ${size.width}px`)));
  }
  expect(problems).toEqual([]);

  // More than three fold behind a button the keyboard reaches.
  const more = discovery.getByRole('button', { name: '+2 more songs of Discovery (5 in all)' });
  await more.focus();
  await page.keyboard.press('Enter');
  const fewer = discovery.getByRole('button', { name: 'Show fewer songs of Discovery' });
  await expect(fewer).toHaveAttribute('aria-expanded', 'true');
  await expect(fewer).toBeFocused();
  await expect(discovery).toContainText(
    'One More Time · Aerodynamic · Digital Love · Harder, Better, Faster, Stronger · Crescendolls',
  );
  expect(await accessibilityProblems(page, 'diary unfolded at 390px')).toEqual([]);
});
