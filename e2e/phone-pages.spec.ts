import { completeSetup, expect, newAccount, signUp, test } from './fixtures.ts';

/** Issue #13 on a phone (390×844): nothing scrolls sideways, controls are big enough, the important part is on screen. */
const PHONE = { width: 390, height: 844 };
const ALBUM = 'miles-davis-kind-of-blue';
const LONG_TITLE = 'x'.repeat(95);

const sideways = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('a note titled with 95 unbroken characters wraps inside its card, and the dialog explains a blank title', async ({
  page,
}) => {
  const account = newAccount('longnote');
  await signUp(page, account);
  await completeSetup(page, 'Long titles.');

  await page.getByRole('button', { name: 'Create Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Note' });
  await dialog.getByLabel('Title').fill('   ');
  await dialog.getByLabel('Content').fill('Something to say.');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Title is required');
  // The title field stops at 100 characters.
  await dialog.getByLabel('Title').fill('y'.repeat(120));
  await expect(dialog.getByLabel('Title')).toHaveValue('y'.repeat(100));
  await expect(dialog.getByText('100/100')).toBeVisible();
  await dialog.getByLabel('Title').fill(LONG_TITLE);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  for (const size of [{ width: 1280, height: 800 }, PHONE]) {
    await page.setViewportSize(size);
    const card = page.getByRole('article').filter({ hasText: LONG_TITLE });
    await expect(card).toBeVisible();
    const { cardRight, titleOverflow } = await card.evaluate((el) => {
      const title = el.querySelector('h3') as HTMLElement;
      return { cardRight: el.getBoundingClientRect().right, titleOverflow: title.scrollWidth - title.clientWidth };
    });
    expect(cardRight).toBeLessThanOrEqual(size.width);
    expect(titleOverflow).toBeLessThanOrEqual(0);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the album page keeps track durations, fits the width and has finger-sized stars', async ({ page }) => {
    await signUp(page, newAccount('phone'));
    await page.goto(`/album/${ALBUM}`);
    await expect(page.getByRole('heading', { name: 'Kind of Blue', level: 1 })).toBeVisible();
    await expect(page.getByText('Album Rating', { exact: true })).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: 'So What' });
    await expect(row.getByText('9:22')).toBeVisible();
    const slider = row.getByRole('slider', { name: 'Rate So What' });
    const box = await slider.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(24);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // A tap on the first half of the third star gives 2.5 stars.
    if (!box) throw new Error('no slider box');
    await slider.click({ position: { x: box.width * 0.45, y: box.height / 2 } });
    await expect(slider).toHaveAttribute('aria-valuetext', '2.5 of 5 stars');
    // A drag along the row to its end gives 5 stars (measured again: the tap scrolled the row into view).
    const row2 = await slider.boundingBox();
    if (!row2) throw new Error('no slider box');
    Object.assign(box, row2);
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(slider).toHaveAttribute('aria-valuetext', '5 of 5 stars');

    await page.goto('/collection');
    await expect(page.getByRole('heading', { name: 'Your Collection' })).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  test('the sorter shows both songs of a question without scrolling', async ({ page }) => {
    await page.goto('/sorter?album=the-dave-brubeck-quartet-time-out');
    await page.getByRole('button', { name: 'Start Sorting' }).click();
    const step = page.getByRole('region', { name: 'Choose your favorite' });
    const songs = step.locator('.sorter-song');
    await expect(songs).toHaveCount(2);
    for (const song of await songs.all()) {
      const box = await song.boundingBox();
      expect((box?.y ?? Number.POSITIVE_INFINITY) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    }
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
});
