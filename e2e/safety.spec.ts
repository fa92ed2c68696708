import type { Page } from '@playwright/test';
import { accessibilityProblems, SIZES } from './accessibility.ts';
import { expect, newAccount, sameOrigin, signUpWithProfileViaApi, test } from './fixtures.ts';

/**
 * Blocks and private profiles (ADR 41): a member blocks someone from their profile's menu, and the
 * blocked person can neither read and comment on the member's note nor follow them; a member locks
 * their profile, approves a follow request, and the new follower sees their notes. The profile
 * menu, the follow requests page and Settings' Privacy section pass axe at desktop and phone sizes.
 * SAFETY_SCREENSHOTS=dir saves what the screens look like at both sizes.
 */

const SHOTS = process.env.SAFETY_SCREENSHOTS;

async function writeNote(page: Page, title: string): Promise<string> {
  const res = await page.request.post('/api/posts', {
    data: { title, content: 'Side two is the better side.' },
    headers: sameOrigin(),
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

test('a member blocks someone, who then cannot read or comment on their note, nor follow them', async ({
  page,
  newListener,
}) => {
  test.slow();
  const ana = newAccount('ana');
  await signUpWithProfileViaApi(page, ana, 'I block what I must.');
  const troll = await newListener();
  const trollAccount = newAccount('troll');
  await signUpWithProfileViaApi(troll, trollAccount, 'Here to argue.');
  const postId = await writeNote(page, 'Records worth a second listen');
  // Before the block the note is open to comments.
  await troll.goto(`/post/${postId}`);
  await expect(troll.getByRole('heading', { name: 'Records worth a second listen' })).toBeVisible();

  await page.goto(`/profile/${trollAccount.name}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: `More actions for ${trollAccount.name}` }).click();
  await page.getByRole('menuitem', { name: 'Block' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Block ${trollAccount.name}?` });
  await expect(dialog).toContainText("They won't be told");
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: `You blocked ${trollAccount.name}` })).toBeVisible();

  // The blocked person meets the note as if it were not there, and the profile as unavailable.
  await troll.goto(`/post/${postId}`);
  await expect(troll.getByRole('heading', { name: 'Post not found', level: 1 })).toBeVisible();
  await expect(troll.getByLabel('Add a comment')).toHaveCount(0);
  const comment = await troll.request.post(`/api/posts/${postId}/comments`, {
    data: { content: 'Let me in' },
    headers: sameOrigin(),
  });
  expect(comment.status()).toBe(404);
  await troll.goto(`/profile/${ana.name}`);
  await expect(troll.getByRole('heading', { name: 'This profile is not available' })).toBeVisible();
  await expect(troll.getByRole('button', { name: 'Follow' })).toHaveCount(0);
  const follow = await troll.request.post(`/api/users/${await idOf(page)}/follow`, { data: {}, headers: sameOrigin() });
  expect(follow.status()).toBe(403);
  expect((await follow.json()).error.message).toBe('You cannot follow this person');

  // Settings lists the block, and Unblock lifts it.
  await page.goto('/settings');
  const blocked = page.getByRole('region', { name: 'Blocked people' });
  await blocked.getByRole('button', { name: `Unblock ${trollAccount.name}` }).click();
  await expect(blocked.getByText('You have not blocked anyone.')).toBeVisible();
  await troll.goto(`/profile/${ana.name}`);
  await expect(troll.getByRole('heading', { name: ana.name, level: 1 })).toBeVisible();
});

test('a member blocks a commenter from the comment itself, and the comment leaves the thread', async ({
  page,
  newListener,
}) => {
  const ana = newAccount('ana');
  await signUpWithProfileViaApi(page, ana, 'Comments welcome, mostly.');
  const troll = await newListener();
  const trollAccount = newAccount('troll');
  await signUpWithProfileViaApi(troll, trollAccount, 'Here to argue.');
  const postId = await writeNote(page, 'Open for comments');
  const words = `You have no taste ${Date.now()}`;
  const made = await troll.request.post(`/api/posts/${postId}/comments`, {
    data: { content: words },
    headers: sameOrigin(),
  });
  expect(made.status()).toBe(201);

  await page.goto(`/post/${postId}`);
  const comment = page.getByRole('listitem').filter({ hasText: words });
  await comment.getByRole('button', { name: `Block ${trollAccount.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Block ${trollAccount.name}?` });
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(words)).toHaveCount(0);
});

async function idOf(page: Page): Promise<string> {
  const res = await page.request.get('/api/users/me/profile');
  return (await res.json()).userId;
}

test('a member makes their profile private, approves a request, and the new follower sees their notes', async ({
  page,
  newListener,
}) => {
  test.slow();
  const ana = newAccount('ana');
  await signUpWithProfileViaApi(page, ana, 'Only for friends.');
  await writeNote(page, 'A quiet note for friends');
  await page.goto('/settings');
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await privacy.getByRole('switch', { name: 'Private profile' }).click();
  await expect(privacy.getByText('Privacy settings saved.')).toBeVisible();
  await expect(privacy.getByRole('switch', { name: 'Private profile' })).toBeChecked();

  const bo = await newListener();
  const boAccount = newAccount('bo');
  await signUpWithProfileViaApi(bo, boAccount, 'Curious.');
  await bo.goto(`/profile/${ana.name}`);
  await expect(bo.getByRole('heading', { name: 'This profile is private' })).toBeVisible();
  await expect(bo.getByText('Only for friends.')).toBeVisible();
  await expect(bo.getByRole('link', { name: 'A quiet note for friends' })).toHaveCount(0);
  await bo.getByRole('button', { name: 'Request to follow' }).click();
  await expect(bo.getByRole('button', { name: 'Requested' })).toBeVisible();

  // The owner hears of it in the bell, and answers on the requests page.
  await page.goto('/notifications');
  // Each line of the bell offers Block too.
  await expect(page.getByRole('button', { name: `Block ${boAccount.name}` })).toBeVisible();
  expect(await accessibilityProblems(page, 'notifications')).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/notifications.png` });
  await page.getByRole('link', { name: 'asked to follow you' }).click();
  await expect(page).toHaveURL(/\/follow-requests$/);
  const requests = page.getByRole('list', { name: 'Follow requests' });
  await requests.getByRole('button', { name: `Approve ${boAccount.name}` }).click();
  await expect(page.getByText('No one is waiting for your approval.')).toBeVisible();

  await bo.reload();
  await expect(bo.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(bo.getByRole('link', { name: 'A quiet note for friends' })).toBeVisible();
});

test('the profile menu, the follow requests page and the Privacy section pass axe at both sizes', async ({
  page,
  newListener,
}) => {
  test.slow();
  const ana = newAccount('ana');
  await signUpWithProfileViaApi(page, ana, 'Private, with a menu.');
  const privacy = await page.request.put('/api/users/me/privacy', {
    data: { locked: true, defaultAudience: 'followers' },
    headers: sameOrigin(),
  });
  expect(privacy.status()).toBe(200);
  const bo = await newListener();
  const boAccount = newAccount('bo');
  const boId = await signUpWithProfileViaApi(bo, boAccount, 'Asking nicely.');
  const anaId = await idOf(page);
  expect((await bo.request.post(`/api/users/${anaId}/follow`, { data: {}, headers: sameOrigin() })).status()).toBe(200);
  expect((await page.request.put(`/api/users/${boId}/mute`, { headers: sameOrigin() })).status()).toBe(200);

  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await bo.setViewportSize(size);

    await bo.goto(`/profile/${ana.name}`);
    await expect(bo.getByRole('heading', { name: 'This profile is private' })).toBeVisible();
    await bo.getByRole('button', { name: `More actions for ${ana.name}` }).click();
    await expect(bo.getByRole('menuitem', { name: 'Block' })).toBeVisible();
    problems.push(...(await accessibilityProblems(bo, `profile menu at ${size.width}px`)));
    if (SHOTS) await bo.screenshot({ path: `${SHOTS}/profile-menu-${size.width}.png` });
    await bo.keyboard.press('Escape');
    if (SHOTS) await bo.screenshot({ path: `${SHOTS}/locked-profile-${size.width}.png`, fullPage: true });

    await page.goto('/follow-requests');
    await expect(page.getByRole('button', { name: `Approve ${boAccount.name}` })).toBeVisible();
    problems.push(...(await accessibilityProblems(page, `follow requests at ${size.width}px`)));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/follow-requests-${size.width}.png`, fullPage: true });

    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Privacy' });
    await expect(section.getByRole('switch', { name: 'Private profile' })).toBeChecked();
    await expect(page.getByRole('button', { name: `Unmute ${boAccount.name}` })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    problems.push(...(await accessibilityProblems(page, `settings privacy at ${size.width}px`)));
    if (SHOTS) await section.screenshot({ path: `${SHOTS}/settings-privacy-${size.width}.png` });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-${size.width}.png`, fullPage: true });
  }
  expect(problems).toEqual([]);
});
