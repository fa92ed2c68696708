import type { Page, Route } from '@playwright/test';
import { expect, logOut, newAccount, signOutViaApi, signUpViaApi, test } from './fixtures.ts';

const ALBUM = 'miles-davis-kind-of-blue';

/**
 * Records, in the page itself, every moment the signed-in visitor was shown someone else's
 * collection entry or song ratings, so a flash of cached data fails the journey even when the
 * page corrects itself a moment later.
 */
async function watchForLeaks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as typeof window & { leaks?: string[] };
    w.leaks = [];
    const check = () => {
      const main = document.querySelector('main');
      if (!main) return;
      if (location.pathname === '/collection' && main.textContent?.includes('Kind of Blue')) {
        w.leaks?.push('collection lists the previous user’s album');
      }
      if (location.pathname.startsWith('/album/')) {
        const rated = Array.from(main.querySelectorAll('[role="slider"]')).some(
          (slider) => !slider.getAttribute('aria-valuetext')?.startsWith('No rating'),
        );
        if (rated) w.leaks?.push('album page shows the previous user’s stars');
        if (main.textContent?.includes('Added to Collection')) w.leaks?.push('album shows as in the collection');
      }
    };
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

test('a second user in the same tab never sees the first user’s collection or ratings', async ({ page }) => {
  const bo = newAccount('bo');
  await signUpViaApi(page, bo);
  await signOutViaApi(page);

  // Ana rates a song, keeps the album, and looks at her collection: all of it is now cached.
  const ana = newAccount('ana');
  await signUpViaApi(page, ana);
  await page.goto(`/album/${ALBUM}`);
  const so = page.getByRole('slider', { name: 'Rate So What' });
  await so.focus();
  const saved = page.waitForResponse((r) => r.url().includes('/rating') && r.request().method() === 'PUT');
  await page.keyboard.press('End');
  expect((await saved).ok()).toBe(true);
  await page.getByRole('button', { name: 'Add to Collection' }).click();
  const modal = page.getByRole('dialog', { name: 'Write a Review for "Kind of Blue"' });
  await modal.getByLabel('Review').fill('Ana’s private favourite.');
  await modal.getByRole('button', { name: 'Create Review & Add to Collection' }).click();
  await expect(page.getByRole('button', { name: 'Added to Collection' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collection' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Kind of Blue' })).toBeVisible();

  // From here on the tab never loads a page: every step is a click inside the app.
  await page.evaluate(() => {
    (window as typeof window & { sameDocument?: boolean }).sameDocument = true;
  });
  await logOut(page);
  await watchForLeaks(page);

  // Bo's own answers arrive a little late, so anything cached from Ana would be on screen meanwhile.
  const slow = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  };
  await page.route('**/api/users/me/collection', slow);
  await page.route('**/api/albums/*/my-ratings', slow);

  await page.getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(bo.email);
  await page.getByLabel('Password').fill(bo.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Collection' }).click();
  await expect(page.getByRole('heading', { name: 'Your Collection' })).toBeVisible();
  await expect(
    page.getByText('Your collection is empty. Start rating albums to add them to your collection!'),
  ).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Kind of Blue' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Search' }).first().fill('Kind of Blue');
  const mine = page.waitForResponse((r) => r.url().includes('/my-ratings'));
  await page
    .getByRole('group', { name: 'Music' })
    .getByRole('option', { name: /Kind of Blue/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Kind of Blue', level: 1 })).toBeVisible();
  expect((await mine).ok()).toBe(true);
  await expect(page.getByRole('slider', { name: 'Rate So What' })).toHaveAttribute(
    'aria-valuetext',
    'No rating, out of 5 stars',
  );
  await expect(page.getByRole('img', { name: 'Album Rating: not rated' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Collection' })).toBeDisabled();

  const state = await page.evaluate(() => {
    const w = window as typeof window & { sameDocument?: boolean; leaks?: string[] };
    return { sameDocument: w.sameDocument, leaks: w.leaks };
  });
  expect(state.sameDocument).toBe(true);
  expect(state.leaks).toEqual([]);
});
