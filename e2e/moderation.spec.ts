import type { Page } from '@playwright/test';
import { accessibilityProblems, SIZES } from './accessibility.ts';
import { becomeAdmin, expect, newAccount, sameOrigin, signUpWithProfileViaApi, test } from './fixtures.ts';

/**
 * Reporting and moderation (ADR 42): a member reports a comment from its thread, an admin removes
 * it from the dashboard's Reports tab, and the member's bell says the report was reviewed. The report
 * dialog and the Reports tab pass axe at desktop and phone sizes.
 */

const SHOTS = process.env.MODERATION_SCREENSHOTS;

/** A note by `page`'s person, with a comment on it by `commenter`'s; the note's id and the comment's words. */
async function noteWithComment(author: Page, commenter: Page, words: string): Promise<string> {
  const note = await author.request.post('/api/posts', {
    data: { title: 'Records worth a second listen', content: 'Side two is the better side.' },
    headers: sameOrigin(),
  });
  expect(note.status()).toBe(201);
  const postId = (await note.json()).id;
  const comment = await commenter.request.post(`/api/posts/${postId}/comments`, {
    data: { content: words },
    headers: sameOrigin(),
  });
  expect(comment.status()).toBe(201);
  return postId;
}

test('a member reports a comment, an admin removes it from the dashboard, and the member is told it was reviewed', async ({
  page,
  newListener,
}) => {
  test.slow();
  const reporter = newAccount('reporter');
  await signUpWithProfileViaApi(page, reporter, 'I report what I must.');
  const troll = await newListener();
  const trollAccount = newAccount('troll');
  await signUpWithProfileViaApi(troll, trollAccount, 'Here to argue.');
  const words = `You have no taste at all ${Date.now()}`;
  const postId = await noteWithComment(page, troll, words);

  await page.goto(`/post/${postId}`);
  const comment = page.getByRole('listitem').filter({ hasText: words });
  await comment.getByRole('button', { name: `Report the comment by ${trollAccount.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Report the comment by ${trollAccount.name}` });
  await expect(dialog).toBeVisible();
  // A reason is required, and the server's words say so.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Report reason is required')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Harassment' }).click();
  await dialog.getByLabel('Anything else the moderators should know (optional)').fill('A personal attack.');
  await expect(dialog.getByText('18/1000')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Report sent.')).toBeVisible();

  // Once more: the server refuses a second open report, in its words.
  await comment.getByRole('button', { name: `Report the comment by ${trollAccount.name}` }).click();
  await dialog.getByRole('radio', { name: 'Spam' }).click();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('You have already reported this')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const admin = await newListener();
  await becomeAdmin(admin);
  await admin.goto('/admin?tab=reports');
  const entry = admin.getByRole('listitem').filter({ hasText: words }).first();
  await expect(entry).toBeVisible();
  await expect(entry.getByText('1 report')).toBeVisible();
  await expect(entry.getByText('A personal attack.')).toBeVisible();
  await expect(entry.getByRole('link', { name: 'Open the post it is on' })).toHaveAttribute('href', `/post/${postId}`);
  await entry.getByRole('button', { name: /^Remove/ }).click();
  const confirm = admin.getByRole('dialog', { name: 'Remove Content' });
  await confirm.getByLabel('Note for the audit log (optional)').fill('Harassment of another member');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByText('Content removed.')).toBeVisible();
  await expect(admin.getByRole('listitem').filter({ hasText: words })).toHaveCount(0);

  await admin.getByRole('tab', { name: 'Audit log' }).click();
  await expect(admin.getByText('Harassment of another member').first()).toBeVisible();

  await page.goto(`/post/${postId}`);
  await expect(page.getByText(words)).toHaveCount(0);
  await page.goto('/notifications');
  await expect(page.getByText('A moderator reviewed your report').first()).toBeVisible();
});

test('the report dialog and the Reports tab pass axe and fit the screen', async ({ page, newListener }) => {
  test.slow();
  const member = newAccount('axereporter');
  await signUpWithProfileViaApi(page, member, 'Checking the dialog.');
  const other = await newListener();
  const otherAccount = newAccount('axeauthor');
  await signUpWithProfileViaApi(other, otherAccount, 'Writing things.');
  const words = `A comment to report ${Date.now()}`;
  const postId = await noteWithComment(other, other, words);
  const problems: string[] = [];

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/post/${postId}`);
    await page.getByRole('button', { name: `Report the note by ${otherAccount.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Report the note by ${otherAccount.name}` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: 'Spam' }).click();
    problems.push(...(await accessibilityProblems(page, `report dialog at ${size.width}px`)));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/report-dialog-${size.width}.png`, fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
  // Something in the queue to look at.
  const sent = await page.request.post('/api/reports', {
    data: { subjectType: 'post', subjectId: postId, reason: 'spam', text: 'Posted the same link ten times.' },
    headers: sameOrigin(),
  });
  expect(sent.status()).toBe(201);

  const admin = await newListener();
  await becomeAdmin(admin);
  for (const size of SIZES) {
    await admin.setViewportSize(size);
    await admin.goto('/admin?tab=reports');
    await expect(
      admin.getByRole('listitem').filter({ hasText: 'Posted the same link ten times.' }).first(),
    ).toBeVisible();
    problems.push(...(await accessibilityProblems(admin, `reports tab at ${size.width}px`)));
    if (SHOTS) await admin.screenshot({ path: `${SHOTS}/reports-tab-${size.width}.png`, fullPage: true });
  }
  // Leave nothing open for the other journeys' queues.
  const dismissed = await admin.request.post(`/api/admin/reports/post/${postId}/resolve`, {
    data: { action: 'dismiss' },
    headers: sameOrigin(),
  });
  expect(dismissed.status()).toBe(200);
  expect(problems).toEqual([]);
});
