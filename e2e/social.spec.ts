import { expect, logOut, newAccount, openOwnProfile, signUpWithProfileViaApi, test } from './fixtures.ts';

test('two listeners: one follows the other, writes and deletes a note, and finds them by search', async ({
  newListener,
}) => {
  const ana = await newListener();
  const bo = await newListener();
  const anaAccount = newAccount('ana');
  const boAccount = newAccount('bo');

  await signUpWithProfileViaApi(bo, boAccount, 'Shoegaze forever.');
  await openOwnProfile(bo, boAccount);
  await signUpWithProfileViaApi(ana, anaAccount, 'Jazz at night.');
  await openOwnProfile(ana, anaAccount);

  // Ana finds Bo through the header dropdown.
  await ana.getByRole('combobox', { name: 'Search' }).first().fill(boAccount.name.slice(0, 6));
  const users = ana.getByRole('group', { name: 'Users' });
  await expect(users.getByRole('option', { name: boAccount.name })).toBeVisible();
  await users.getByRole('option', { name: boAccount.name }).click();
  await expect(ana).toHaveURL(new RegExp(`/profile/${boAccount.name}$`));

  // ...and follows: the button and the counts change, on her screen and on Bo's.
  await expect(ana.getByTestId('follower-count')).toHaveText('0');
  await ana.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(ana.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(ana.getByTestId('follower-count')).toHaveText('1');
  await bo.reload();
  await expect(bo.getByTestId('follower-count')).toHaveText('1');
  await expect(bo.getByRole('button', { name: /Follow/ })).toHaveCount(0);

  // Ana unfollows.
  await ana.getByRole('button', { name: 'Following' }).click();
  await expect(ana.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(ana.getByTestId('follower-count')).toHaveText('0');

  // Bo writes a note, sees it, and deletes it after confirming.
  await expect(bo.getByText("You haven't created any posts yet. Click 'Create Note' to get started!")).toBeVisible();
  await bo.getByRole('button', { name: 'Create Note' }).click();
  const dialog = bo.getByRole('dialog', { name: 'Create New Note' });
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel('Title').fill('Loveless at 33');
  await expect(dialog.getByText('14/100')).toBeVisible();
  await dialog.getByLabel('Content').fill('Still the loudest quiet record.');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const card = bo.getByRole('article').filter({ hasText: 'Loveless at 33' });
  await expect(card).toContainText('Still the loudest quiet record.');
  await expect(card).toContainText('Just now');

  // A visitor sees the note but no delete button.
  await ana.goto(`/profile/${boAccount.name}`);
  await expect(ana.getByRole('article').filter({ hasText: 'Loveless at 33' })).toBeVisible();
  await expect(ana.getByRole('article').getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = bo.getByRole('dialog', { name: 'Delete Post' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete "Loveless at 33"? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(bo.getByRole('article')).toHaveCount(0);

  // The search page lists Bo under Users, with the tab kept in the URL.
  await ana.goto(`/search?q=${encodeURIComponent(boAccount.name)}`);
  await expect(ana.getByRole('heading', { name: `Search Results for "${boAccount.name}"` })).toBeVisible();
  await ana.getByRole('tab', { name: /Users \(1\)/ }).click();
  await expect(ana).toHaveURL(/tab=users/);
  await expect(
    ana.getByRole('region', { name: 'Users' }).getByRole('link', { name: new RegExp(boAccount.name) }),
  ).toBeVisible();

  await logOut(ana);
});

test('the owner edits their profile from the avatar menu and a visitor sees the change', async ({ page }) => {
  const account = newAccount('edit');
  await signUpWithProfileViaApi(page, account, 'Before.');
  await openOwnProfile(page, account);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Display Name').fill('   ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Display name cannot be empty');
  await dialog.getByLabel('Display Name').fill(`${account.name}_x`);
  await dialog.getByLabel('Bio').fill('After.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${account.name}_x$`));
  await expect(page.getByText('After.')).toBeVisible();
  await page.goto(`/profile/${account.name.toUpperCase()}_X`);
  await expect(page).toHaveURL(new RegExp(`/profile/${account.name}_x$`));
});
