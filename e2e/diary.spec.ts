import AxeBuilder from '@axe-core/playwright';
import { expect, newAccount, rateSongs, signUpWithProfileViaApi, test } from './fixtures.ts';

// The diary: a listener logs a listen of an album from its page, on a past day, sees it
// in 'Your listens' and in their profile's Diary tab under its month; a review can log one too.

const ALBUM = 'sonny-rollins-saxophone-colossus';
const today = () => new Date().toISOString().slice(0, 10);

test('a listener logs a past listen and finds it under its month in the diary', async ({ page }) => {
  const account = newAccount('diarist');
  await signUpWithProfileViaApi(page, account, 'I keep a diary.');

  await page.goto(`/album/${ALBUM}`);
  const panel = page.getByRole('region', { name: 'Your listens' });
  await expect(panel.getByText("You haven't logged a listen of this album yet.")).toBeVisible();
  await panel.getByRole('button', { name: 'Log a listen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log a listen' });
  await expect(dialog.getByLabel('Listened on')).toHaveValue(today());
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // A day in the future is refused in the dialog, which stays open.
  await dialog.getByLabel('Listened on').fill('2999-01-01');
  await dialog.getByRole('button', { name: 'Log listen' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A listen cannot be in the future');

  await dialog.getByLabel('Listened on').fill('2024-03-15');
  await dialog.getByRole('checkbox', { name: 'Relisten' }).check();
  await dialog.getByRole('button', { name: 'Log listen' }).click();
  await expect(dialog).toBeHidden();
  const item = panel.getByRole('listitem').filter({ hasText: '15 Mar 2024' });
  await expect(item).toBeVisible();
  await expect(item.getByText('Relisten')).toBeVisible();

  // A review can log a listen with it: today, by default.
  await rateSongs(page, ALBUM, [9]);
  await page.reload();
  await page.getByRole('button', { name: 'Add to Collection' }).click();
  const review = page.getByRole('dialog', { name: /Write a Review/ });
  await review.getByLabel('Review').fill('Strode right in.');
  await review.getByRole('checkbox', { name: 'Log a listen' }).check();
  await expect(review.getByLabel('Listened on')).toHaveValue(today());
  await review.getByRole('button', { name: 'Create Review & Add to Collection' }).click();
  await expect(review).toBeHidden();
  await expect(panel.getByRole('listitem')).toHaveCount(2);

  await page.goto(`/profile/${account.name}`);
  await page.getByRole('tab', { name: 'Diary' }).click();
  const march = page.getByRole('heading', { name: 'March 2024', level: 3 });
  await expect(march).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Saxophone Colossus' }).filter({ hasText: 'Relisten' });
  await expect(row).toContainText('15');
  await expect(row).toContainText('Sonny Rollins');
  // The album rating (4.5) beside the listen, and the album's page one click away.
  await expect(row).toContainText('4.5');
  const thisMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(),
  );
  await expect(page.getByRole('heading', { name: thisMonth, level: 3 })).toBeVisible();
  await row.getByRole('link', { name: 'Saxophone Colossus' }).click();
  await expect(page).toHaveURL(new RegExp(`/album/${ALBUM}$`));

  // Deleting it from the album page takes it out of the diary.
  await page
    .getByRole('region', { name: 'Your listens' })
    .getByRole('button', { name: 'Delete listen of 15 March 2024' })
    .click();
  await expect(page.getByRole('region', { name: 'Your listens' }).getByRole('listitem')).toHaveCount(1);
  await page.goto(`/profile/${account.name}`);
  await page.getByRole('tab', { name: 'Diary' }).click();
  await expect(page.getByRole('heading', { name: thisMonth, level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'March 2024' })).toHaveCount(0);
});
