import type { Page } from '@playwright/test';
import { accessibilityProblems, SIZES } from './accessibility.ts';
import { expect, newAccount, openOwnProfile, signUpWithProfileViaApi, test } from './fixtures.ts';

/**
 * Who can see what, as members meet it (ADR 41): a followers-only note and an only-me list are
 * missing to a stranger, the note appears once they follow, the list never does, and the owner sees
 * both with a badge saying who can see them.
 */

/**
 * The profile's Media tab: the person's lists. The page settles first, as openOwnProfile's does:
 * the e-mail banner of an unverified viewer arrives after the profile and moves the tabs down, and
 * a click sent meanwhile lands where the tab was.
 */
async function openLists(page: Page, name: string): Promise<void> {
  await page.goto(`/profile/${name}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByRole('tab', { name: 'Media' }).click();
  await expect(page.getByRole('tab', { name: 'Media' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Lists', level: 2 })).toBeVisible();
}

test('a followers-only note reaches followers only, and an only-me list no one but its owner', async ({
  page: ana,
  newListener,
}) => {
  test.setTimeout(60_000);
  const anaAccount = newAccount('ana');
  await signUpWithProfileViaApi(ana, anaAccount, 'Some things are for friends.');

  // Ana writes a note for her followers.
  await openOwnProfile(ana, anaAccount);
  await ana.getByRole('button', { name: 'Create Note' }).click();
  const noteDialog = ana.getByRole('dialog', { name: 'Create New Note' });
  await expect(noteDialog.getByRole('combobox', { name: 'Who can see this' })).toHaveValue('public');
  await noteDialog.getByLabel('Title').fill('For the regulars');
  await noteDialog.getByLabel('Content').fill('Back room, Thursday.');
  await noteDialog.getByRole('combobox', { name: 'Who can see this' }).selectOption({ label: 'Followers only' });
  await noteDialog.getByRole('button', { name: 'Create' }).click();
  await expect(noteDialog).toBeHidden();
  const card = ana.getByRole('article').filter({ hasText: 'For the regulars' });
  await expect(card.getByText('Followers only')).toBeVisible();
  const noteAddress = (await card.getByRole('link', { name: 'For the regulars' }).getAttribute('href')) as string;

  // And a list for herself alone.
  await ana.goto('/lists');
  await ana.getByRole('button', { name: 'New list' }).click();
  const listDialog = ana.getByRole('dialog', { name: 'New list' });
  await listDialog.getByLabel('Title').fill('Guilty pleasures');
  await listDialog.getByRole('combobox', { name: 'Who can see this' }).selectOption({ label: 'Only me' });
  await listDialog.getByRole('button', { name: 'Create' }).click();
  await expect(ana.getByRole('heading', { name: 'Guilty pleasures', level: 1 })).toBeVisible();
  await expect(ana.getByText('Only me')).toBeVisible();
  const listAddress = new URL(ana.url()).pathname;

  // Bo, who does not follow her, finds neither.
  const bo = await newListener();
  await signUpWithProfileViaApi(bo, newAccount('bo'), 'Just looking.');
  await bo.goto(noteAddress);
  await expect(bo.getByRole('heading', { name: 'Post not found', level: 1 })).toBeVisible();
  await bo.goto(listAddress);
  await expect(bo.getByRole('heading', { name: 'List not found', level: 1 })).toBeVisible();
  await bo.goto(`/profile/${anaAccount.name}`);
  await expect(bo.getByRole('heading', { name: anaAccount.name, level: 1 })).toBeVisible();
  await bo.waitForLoadState('networkidle');
  await expect(bo.getByText('For the regulars')).toHaveCount(0);
  await openLists(bo, anaAccount.name);
  await expect(bo.getByText('No lists yet.')).toBeVisible();

  // Once he follows her, the note is his to read; the list is still hers alone.
  await bo.goto(`/profile/${anaAccount.name}`);
  await bo.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(bo.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
  await bo.goto(noteAddress);
  await expect(bo.getByRole('heading', { name: 'For the regulars', level: 1 })).toBeVisible();
  await expect(bo.getByText('Followers only')).toBeVisible();
  await bo.goto(`/profile/${anaAccount.name}`);
  await expect(bo.getByRole('link', { name: 'For the regulars' })).toBeVisible();
  await bo.goto(listAddress);
  await expect(bo.getByRole('heading', { name: 'List not found', level: 1 })).toBeVisible();
  await openLists(bo, anaAccount.name);
  await expect(bo.getByText('No lists yet.')).toBeVisible();
  await expect(bo.getByText('Guilty pleasures')).toHaveCount(0);

  // Ana sees both, each saying who can see it.
  await openOwnProfile(ana, anaAccount);
  await expect(
    ana.getByRole('article').filter({ hasText: 'For the regulars' }).getByText('Followers only'),
  ).toBeVisible();
  await openLists(ana, anaAccount.name);
  await expect(ana.getByRole('article').filter({ hasText: 'Guilty pleasures' }).getByText('Only me')).toBeVisible();
});

test("the note and list dialogs' 'Who can see this' pass axe at desktop and phone sizes", async ({ page }) => {
  test.setTimeout(60_000);
  const account = newAccount('axe');
  await signUpWithProfileViaApi(page, account, 'Checking.');
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await openOwnProfile(page, account);
    await page.getByRole('button', { name: 'Create Note' }).click();
    const note = page.getByRole('dialog', { name: 'Create New Note' });
    const notePicker = note.getByRole('combobox', { name: 'Who can see this' });
    await notePicker.selectOption({ label: 'Followers only' });
    await notePicker.focus();
    problems.push(...(await accessibilityProblems(page, `note dialog at ${size.width}px`)));
    await note.getByRole('button', { name: 'Cancel' }).click();

    await page.goto('/lists');
    await page.getByRole('button', { name: 'New list' }).click();
    const list = page.getByRole('dialog', { name: 'New list' });
    const listPicker = list.getByRole('combobox', { name: 'Who can see this' });
    await listPicker.selectOption({ label: 'Unlisted (anyone with the link)' });
    await listPicker.focus();
    problems.push(...(await accessibilityProblems(page, `list dialog at ${size.width}px`)));
    await list.getByRole('button', { name: 'Cancel' }).click();
  }
  expect(problems).toEqual([]);
});
