import { randomBytes } from 'node:crypto';
import { becomeAdmin, expect, test } from './fixtures.ts';

test('a visitor drags the Top Albums carousel without opening an album, then clicks one open', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Discover. Rate. Share.' })).toBeVisible();
  const carousel = page.getByRole('region', { name: 'Top Albums' });
  const firstCard = carousel.locator('.album-card').first();
  await expect(firstCard).toBeVisible();
  const track = carousel.locator('.carousel__track');
  const before = await track.evaluate((el) => el.scrollLeft);

  // Drag from the first card to the left by 300px: the row scrolls, no album opens.
  const box = await firstCard.boundingBox();
  if (!box) throw new Error('no card');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 150, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 - 300, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page).toHaveURL(/\/$/);
  expect(await track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before + 200);

  // An arrow appears near the right edge and scrolls on.
  const viewport = await carousel.boundingBox();
  if (!viewport) throw new Error('no carousel');
  await page.mouse.move(viewport.x + viewport.width - 30, viewport.y + viewport.height / 2);
  await expect(page.getByRole('button', { name: 'Scroll Top Albums right' })).toBeVisible();

  // A plain click on a cover opens the album (the title's link covers the card).
  const card = carousel.locator('.album-card').nth(3);
  const name = (await card.locator('.album-card__title').textContent()) ?? '';
  const cover = await card.locator('.cover-image').boundingBox();
  if (!cover) throw new Error('no cover');
  await page.mouse.click(cover.x + cover.width / 2, cover.y + cover.height / 2);
  await expect(page).toHaveURL(/\/album\//);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // The card's artist opens the artist's page instead.
  await page.goBack();
  const artist = carousel.locator('.album-card').nth(3).locator('a.album-card__artist');
  const artistName = (await artist.textContent()) ?? '';
  await artist.click();
  await expect(page).toHaveURL(/\/artist\//);
  await expect(page.getByRole('heading', { name: artistName, level: 1 })).toBeVisible();

  // A song opens its album.
  await page.goto('/');
  await page.getByRole('region', { name: 'Top Songs' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/album\//);
});

test('Discover Music pages through five pages of top albums and searches', async ({ page }) => {
  await page.goto('/music');
  await expect(page.getByRole('heading', { name: 'Discover Music' })).toBeVisible();
  await expect(page.getByText('Page 1 of 5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const firstTitle = await page.locator('.album-grid .album-card__title').first().textContent();
  for (let n = 2; n <= 5; n++) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Page ${n} of 5`)).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  expect(await page.locator('.album-grid .album-card__title').first().textContent()).not.toBe(firstTitle);
  await expect(page.locator('.album-grid .album-card')).toHaveCount(20);

  await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0);
  await page.getByPlaceholder('Search for albums, artists, or songs...').fill('bjork');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('link', { name: /Björk/ }).first()).toBeVisible();
  await expect(page.getByText(/Page \d of 5/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText('Page 5 of 5')).toBeVisible();
  await expect(page.getByPlaceholder('Search for albums, artists, or songs...')).toHaveValue('');

  await page.goto('/music?q=kind%20of%20blue');
  await expect(page.getByPlaceholder('Search for albums, artists, or songs...')).toHaveValue('kind of blue');
  await expect(page.getByRole('link', { name: /Kind of Blue/ }).first()).toBeVisible();
});

test('a featured playlist added by an admin shows on the home page until it is disabled', async ({ page }) => {
  // The admin account is made before the journeys (global-setup.ts); becomeAdmin signs in as it.
  await becomeAdmin(page);

  const id = randomBytes(16).toString('hex').slice(0, 22);
  const title = `Sunday Morning ${id.slice(0, 4)}`;
  await page.goto('/admin');
  await page.getByLabel('Spotify Playlist URL').fill(`https://open.spotify.com/playlist/${id}?si=abc`);
  await page.getByLabel('Custom Title').fill(title);
  await page.getByRole('button', { name: 'Add Playlist' }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Playlist added successfully!'),
  ).toBeVisible();

  await page.goto('/');
  const featured = page.getByRole('region', { name: 'Featured Playlists' });
  const card = featured.getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('href', `https://open.spotify.com/playlist/${id}`);
  await expect(card).toHaveAttribute('target', '_blank');

  await page.goto('/admin');
  await page
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByRole('button', { name: /^Disable/ })
    .click();
  await expect(
    page.getByRole('listitem').filter({ hasText: title }).getByText('Inactive', { exact: true }),
  ).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Top Albums' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
});
