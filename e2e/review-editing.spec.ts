import AxeBuilder from '@axe-core/playwright';
import { expect, newAccount, rateSongs, signUpWithProfileViaApi, test } from './fixtures.ts';

// Review editing: the author changes a review's text and rating after posting; the
// review says "edited", and the album page and collection show the new rating.

const ALBUM = 'the-dave-brubeck-quartet-time-out';

test('a listener edits a review: new text and stars, marked edited, and the album rating follows', async ({ page }) => {
  const account = newAccount('editor');
  await signUpWithProfileViaApi(page, account, 'I rewrite my reviews.');
  await rateSongs(page, ALBUM, [8]);
  await page.goto(`/album/${ALBUM}`);
  await page.getByRole('button', { name: 'Add to Collection' }).click();
  const write = page.getByRole('dialog', { name: /Write a Review/ });
  await write.getByLabel('Review').fill('Odd meters, easy swing.');
  await write.getByRole('button', { name: 'Create Review & Add to Collection' }).click();
  await expect(write).toBeHidden();

  await page.goto(`/profile/${account.name}`);
  const card = page.getByRole('article').filter({ hasText: 'Odd meters, easy swing.' });
  await expect(card).toBeVisible();
  await expect(card.getByText('edited')).toHaveCount(0);
  await card.getByRole('button', { name: /^Edit / }).click();

  const dialog = page.getByRole('dialog', { name: 'Edit Review' });
  await expect(dialog).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // Blank text is refused in the dialog, which stays open.
  await dialog.getByLabel('Review').fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Content is required');

  await dialog.getByLabel('Review').fill('Odd meters, easy swing. Better every time.');
  const stars = dialog.getByRole('slider', { name: /Your rating of/ });
  await stars.focus();
  await page.keyboard.press('End');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const edited = page.getByRole('article').filter({ hasText: 'Better every time.' });
  await expect(edited).toBeVisible();
  await expect(edited.getByText('edited')).toBeVisible();
  await expect(edited).toContainText('★ 5.0');

  // One rating everywhere: the album page says it is the chosen one.
  await page.goto(`/album/${ALBUM}`);
  await expect(page.getByRole('img', { name: 'Album Rating: 5 of 5 stars' })).toBeVisible();
  await expect(page.getByText('(Your chosen rating)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Latest reviews' })).toContainText('Better every time.');
});
