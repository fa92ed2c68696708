import type { Page } from '@playwright/test';
import { completeSetup, expect, newAccount, signUpViaApi, test } from './fixtures.ts';

/**
 * Stored XSS: what one person writes (bio, note, review) is shown to everyone else as text. A
 * second listener opens every page that shows it; no script runs, no dialog opens, no javascript:
 * link appears, and the hostile text reads exactly as it was typed.
 */
const ALBUM = 'miles-davis-kind-of-blue';
const PAYLOADS = {
  bio: '<img src=x onerror="window.__xss=1;alert(1)"> javascript:window.__xss=1',
  noteTitle: '<script>window.__xss=1</script>',
  noteContent: '"><svg onload="window.__xss=1;alert(2)"></svg> [click](javascript:window.__xss=1)',
  review: '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe><a href="javascript:window.__xss=1">x</a>',
};

declare global {
  interface Window {
    __xss?: number;
  }
}

/**
 * Records every dialog a page opens, and console errors about the security headers: a blocked
 * inline script (CSP) means markup got into the page; an unknown Permissions-Policy feature is noise.
 */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', async (dialog) => {
    opened.push(dialog.message());
    await dialog.dismiss();
  });
  page.on('console', (message) => {
    if (
      message.type() === 'error' &&
      /Content Security Policy|Permissions-Policy|Permissions policy/i.test(message.text())
    ) {
      opened.push(`console: ${message.text()}`);
    }
  });
  return opened;
}

async function expectNoScriptRan(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page.locator('a[href^="javascript:" i], [href^="javascript:" i]')).toHaveCount(0);
  await expect(page.locator('iframe, svg[onload], img[onerror], script:not([src])')).toHaveCount(0);
}

test('hostile text in a bio, a note and a review is shown literally to another listener', async ({ newListener }) => {
  const attacker = await newListener();
  const viewer = await newListener();
  const attackerDialogs = watchDialogs(attacker);
  const dialogs = watchDialogs(viewer);
  const account = newAccount('mallory');

  // The bio goes in through the profile setup form, as a person would type it.
  await signUpViaApi(attacker, account);
  await attacker.goto('/profile-setup');
  await completeSetup(attacker, PAYLOADS.bio);

  // The note and the review through the API, with the attacker's session.
  const api = attacker.request;
  const note = await api.post('/api/posts', { data: { title: PAYLOADS.noteTitle, content: PAYLOADS.noteContent } });
  expect(note.status()).toBe(201);
  const album = await (await api.get(`/api/music/albums/${ALBUM}`)).json();
  const firstTrack = album.tracks[0].id as string;
  expect((await api.put(`/api/albums/${ALBUM}/tracks/${firstTrack}/rating`, { data: { rating: 8 } })).status()).toBe(
    200,
  );
  expect(
    (await api.post('/api/users/me/collection', { data: { albumId: ALBUM, review: PAYLOADS.review } })).status(),
  ).toBe(201);
  await attacker.reload();
  await expectNoScriptRan(attacker, attackerDialogs);

  await signUpViaApi(viewer, newAccount('viewer'));

  // The profile: bio and note.
  await viewer.goto(`/profile/${encodeURIComponent(account.name)}`);
  await expect(viewer.getByText(PAYLOADS.bio)).toBeVisible();
  const card = viewer.getByRole('article').filter({ hasText: PAYLOADS.noteTitle });
  await expect(card).toBeVisible();
  await expect(card).toContainText(PAYLOADS.noteContent);
  await expectNoScriptRan(viewer, dialogs);

  // The album page: the review among the latest reviews.
  await viewer.goto(`/album/${ALBUM}`);
  await expect(viewer.getByRole('region', { name: 'Latest reviews' })).toContainText(PAYLOADS.review);
  await expectNoScriptRan(viewer, dialogs);

  // Search: the attacker's card (its bio) in the header dropdown and on the search page.
  await viewer.getByRole('combobox', { name: 'Search' }).first().fill(account.name.slice(0, 10));
  await expect(viewer.getByRole('group', { name: 'Users' }).getByRole('option', { name: account.name })).toBeVisible();
  await expectNoScriptRan(viewer, dialogs);
  await viewer.goto(`/search?q=${encodeURIComponent(account.name)}&tab=users`);
  const users = viewer.getByRole('region', { name: 'Users' });
  await expect(users.getByRole('link', { name: new RegExp(account.name) })).toBeVisible();
  await expect(users).toContainText(PAYLOADS.bio);
  await expectNoScriptRan(viewer, dialogs);

  // Hostile text in the URL itself is shown as text as well.
  await viewer.goto(`/search?q=${encodeURIComponent('<img src=x onerror=window.__xss=1>')}`);
  await expect(
    viewer.getByRole('heading', { name: 'Search Results for "<img src=x onerror=window.__xss=1>"' }),
  ).toBeVisible();
  await expectNoScriptRan(viewer, dialogs);
});
