import { expect, newAccount, signUpViaApi, signUpWithProfileViaApi, test } from './fixtures.ts';

const ALBUM = 'miles-davis-kind-of-blue';
/**
 * The album whose community rating the first journey counts: no other journey rates it. Kind of
 * Blue is everyone's example album (phone-pages, privacy and xss rate it), and those journeys may
 * run before or alongside this one.
 */
const COUNTED_ALBUM = 'stan-getz-and-joao-gilberto-getz-gilberto';

test('a listener rates songs, keeps the album with a review, and manages it in the collection', async ({ page }) => {
  await signUpViaApi(page, newAccount('rater'));
  await page.goto(`/album/${COUNTED_ALBUM}`);
  await expect(page.getByRole('heading', { name: 'Getz/Gilberto', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Getz/Gilberto · liner');
  await expect(page.getByRole('button', { name: 'Add to Collection' })).toBeDisabled();
  await expect(page.getByText('Please rate at least one song before adding to collection')).toBeVisible();

  // Three songs by keyboard: one stop each, arrows move by half a star.
  const girl = page.getByRole('slider', { name: 'Rate The Girl from Ipanema' });
  await girl.focus();
  await page.keyboard.press('End'); // 5
  await expect(girl).toHaveAttribute('aria-valuetext', '5 of 5 stars');
  const doralice = page.getByRole('slider', { name: 'Rate Doralice' });
  await doralice.focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press('ArrowRight'); // 4
  const coracao = page.getByRole('slider', { name: 'Rate Para Machucar Meu Coração' });
  await coracao.focus();
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight'); // 3.5
  await expect(page.getByRole('img', { name: 'Album Rating: 4.2 of 5 stars' })).toBeVisible();

  // The ratings are the user's: once saved, they come back after a reload.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await expect(page.getByRole('slider', { name: 'Rate Doralice' })).toHaveAttribute('aria-valuetext', '4 of 5 stars');
  await expect(page.getByRole('img', { name: 'Album Rating: 4.2 of 5 stars' })).toBeVisible();
  await expect(page.getByTestId('community-rating')).toContainText('from 3 song ratings');

  // Rate Later, undone from its confirmation, then saved again.
  await page.getByRole('button', { name: 'Rate Later' }).click();
  await expect(page.getByRole('button', { name: 'Added to Rate Later' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to your Want to Listen list.' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: 'Rate Later' })).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Rate Later' })).toBeEnabled();
  await page.getByRole('button', { name: 'Rate Later' }).click();
  await expect(page.getByRole('button', { name: 'Added to Rate Later' })).toBeVisible();

  // Add to the collection with a review.
  await page.getByRole('button', { name: 'Add to Collection' }).click();
  const modal = page.getByRole('dialog', { name: 'Write a Review for "Getz/Gilberto"' });
  await expect(modal).toContainText('You rated this album 4.2 stars. Share your thoughts about it!');
  await expect(modal.getByRole('button', { name: 'Create Review & Add to Collection' })).toBeDisabled();
  await modal.getByLabel('Review').fill('Cool, patient, perfect.');
  await expect(modal.getByText('23/2000 characters')).toBeVisible();
  await modal.getByRole('button', { name: 'Create Review & Add to Collection' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('button', { name: 'Added to Collection' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Latest reviews' })).toContainText('Cool, patient, perfect.');

  // Collected, it is no longer one to listen to later.
  await expect(page.getByRole('button', { name: /Rate Later/ })).toHaveCount(0);

  // The collection page: the album with its rating, re-rated, then removed.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collection' }).click();
  await expect(page.getByRole('heading', { name: 'Your Collection' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: 'Getz/Gilberto' });
  await expect(item).toContainText('Stan Getz & João Gilberto');
  await expect(item).toContainText('4.2');
  const stars = item.getByRole('slider', { name: 'Your rating of Getz/Gilberto' });
  await stars.focus();
  await page.keyboard.press('Home');
  await expect(item).toContainText('0.5');
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'Getz/Gilberto' })).toContainText('0.5');

  // One "my rating" (ADR 21): the album page shows the rating chosen in the collection, says so,
  // and goes back to the songs' mean on request; the collection follows.
  await page.goto(`/album/${COUNTED_ALBUM}`);
  await expect(page.getByRole('img', { name: 'Album Rating: 0.5 of 5 stars' })).toBeVisible();
  await expect(page.getByText('(Your chosen rating)')).toBeVisible();
  await page.getByRole('button', { name: 'Use my song ratings (4.2)' }).click();
  await expect(page.getByRole('img', { name: 'Album Rating: 4.2 of 5 stars' })).toBeVisible();
  await expect(page.getByText('(Average of song ratings)')).toBeVisible();
  await page.goto('/collection');
  await expect(page.getByRole('listitem').filter({ hasText: 'Getz/Gilberto' })).toContainText('4.2');

  await page.getByRole('button', { name: 'Remove Getz/Gilberto', exact: true }).click();
  await expect(
    page.getByText('Your collection is empty. Start rating albums to add them to your collection!'),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Browse Music' })).toBeVisible();
});

test('an anonymous visitor sees the album but cannot rate or save it', async ({ page }) => {
  await page.goto(`/album/${ALBUM}`);
  await expect(page.getByRole('heading', { name: 'Kind of Blue', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Collection' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Rate Later' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Please log in' })).toHaveAttribute('href', '/login');
  const so = page.getByRole('slider', { name: 'Rate So What' });
  await so.click({ force: true });
  await expect(so).toHaveAttribute('aria-valuetext', 'No rating, out of 5 stars');
  await expect(so).toHaveAttribute('aria-disabled', 'true');
  await page.goto('/collection');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown album says so', async ({ page }) => {
  await page.goto('/album/no-such-album');
  await expect(page.getByText('Album not found')).toBeVisible();
  await page.getByRole('link', { name: 'Discover music' }).click();
  await expect(page).toHaveURL(/\/music$/);
});

test('an album saved for later can be taken off Want to Listen, and leaves it once collected', async ({ page }) => {
  const account = newAccount('later');
  await signUpWithProfileViaApi(page, account, 'Listening later.');
  for (const album of [ALBUM, 'john-coltrane-a-love-supreme']) {
    await page.goto(`/album/${album}`);
    await page.getByRole('button', { name: 'Rate Later' }).click();
    await expect(page.getByRole('button', { name: 'Added to Rate Later' })).toBeVisible();
  }

  await page.goto(`/profile/${account.name}`);
  await page.getByRole('button', { name: 'Want to Listen' }).click();
  const list = page.getByRole('region', { name: 'Music' }).getByRole('list');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove Kind of Blue from Want to Listen' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await page.getByRole('button', { name: 'Want to Listen' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).not.toContainText('Kind of Blue');

  // Collected, it leaves the list by itself.
  await page.goto('/album/john-coltrane-a-love-supreme');
  const first = page.getByRole('slider').first();
  await first.focus();
  await page.keyboard.press('End');
  await expect(page.getByRole('img', { name: 'Album Rating: 5 of 5 stars' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Collection' }).click();
  const modal = page.getByRole('dialog', { name: 'Write a Review for "A Love Supreme"' });
  await modal.getByLabel('Review').fill('Devotional.');
  await modal.getByRole('button', { name: 'Create Review & Add to Collection' }).click();
  await expect(page.getByRole('button', { name: 'Added to Collection' })).toBeDisabled();
  await page.goto(`/profile/${account.name}`);
  await page.getByRole('button', { name: 'Want to Listen' }).click();
  await expect(
    page.getByText("You haven't logged any music yet. Start adding albums to your collection!"),
  ).toBeVisible();
});
