import type { Page } from '@playwright/test';
import { accessibilityProblems, SIZES } from './accessibility.ts';
import { expect, newAccount, rateSongs, signUpWithProfileViaApi, test } from './fixtures.ts';

// Likes, comments and notifications: a reader likes and comments on someone's review;
// the author sees the counts, the bell's number and what happened, and removes the comment.

// An album no other journey rates: its counts are this journey's alone.
const ALBUM = 'herbie-hancock-head-hunters';

/** No serious or critical axe violation and no sideways scroll, at both sizes. */
async function expectAccessible(page: Page, prepare: () => Promise<void>) {
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await prepare();
    problems.push(...(await accessibilityProblems(page, `${size.width}px`)));
  }
  expect(problems).toEqual([]);
}

test('a reader likes and comments on a review; the author is told, reads it, and removes the comment', async ({
  page,
  newListener,
}) => {
  test.setTimeout(90_000);
  const author = newAccount('author');
  await signUpWithProfileViaApi(page, author, 'I review everything.');
  await rateSongs(page, ALBUM, [9, 10]);
  await page.goto(`/album/${ALBUM}`);
  await page.getByRole('button', { name: 'Add to Collection' }).click();
  const write = page.getByRole('dialog', { name: /Write a Review/ });
  await write.getByLabel('Review').fill('Paranoid, gorgeous, still ahead of its time.');
  await write.getByRole('button', { name: 'Create Review & Add to Collection' }).click();
  await expect(write).toBeHidden();

  const reader = await newListener();
  const fan = newAccount('reader');
  await signUpWithProfileViaApi(reader, fan, 'Here for the reviews.');
  await reader.goto(`/profile/${author.name}`);
  const card = reader.getByRole('article').filter({ hasText: 'still ahead of its time' });
  const heart = card.getByRole('button', { name: /^Like / });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toContainText('1 like');

  await card.getByRole('button', { name: /0 comments/ }).click();
  const box = card.getByLabel('Add a comment');
  await box.fill('The best album closer of the decade.');
  await card.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(card.getByText('The best album closer of the decade.')).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(card.getByRole('button', { name: /1 comment/ })).toBeVisible();
  await expectAccessible(reader, async () => {
    await reader.goto(`/profile/${author.name}`);
    const thread = reader.getByRole('article').filter({ hasText: 'still ahead of its time' });
    await thread.getByRole('button', { name: /1 comment/ }).click();
    await expect(thread.getByText('The best album closer of the decade.')).toBeVisible();
  });

  // The like survives a reload: it is the server's.
  await reader.reload();
  await expect(
    reader
      .getByRole('article')
      .filter({ hasText: 'still ahead of its time' })
      .getByRole('button', { name: /^Like / }),
  ).toHaveAttribute('aria-pressed', 'true');

  // The author's bell counts both, and its page says who did what.
  await page.goto('/');
  const bell = page.getByRole('link', { name: 'Notifications, 2 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  const items = page.getByRole('listitem');
  await expect(items.filter({ hasText: `${fan.name} commented on your post` })).toContainText(
    'The best album closer of the decade.',
  );
  await expect(items.filter({ hasText: `${fan.name} liked your post` })).toBeVisible();
  // Seen: the bell has nothing new.
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expectAccessible(page, async () => {
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  });

  // The author removes the comment from their own review; the count follows.
  await page.goto(`/profile/${author.name}`);
  const own = page.getByRole('article').filter({ hasText: 'still ahead of its time' });
  await expect(own.getByRole('button', { name: /^Like / })).toContainText('1 like');
  await own.getByRole('button', { name: /1 comment/ }).click();
  await own.getByRole('button', { name: `Delete the comment by ${fan.name}` }).click();
  await expect(own.getByText('No comments yet.')).toBeVisible();
  await expect(own.getByRole('button', { name: /0 comments/ })).toBeVisible();

  // The reader's Likes tab lists the review.
  await reader.goto(`/profile/${fan.name}`);
  await reader.getByRole('tab', { name: 'Likes' }).click();
  await expect(reader.getByRole('article').filter({ hasText: 'still ahead of its time' })).toBeVisible();
});
