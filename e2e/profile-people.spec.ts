import { expect, newAccount, openOwnProfile, signUpWithProfileViaApi, test } from './fixtures.ts';

test('follower counts open lists of people that link to their profiles; no empty-id follow request', async ({
  newListener,
}) => {
  const ana = await newListener();
  const bo = await newListener();
  const anaAccount = newAccount('ana');
  const boAccount = newAccount('bo');
  const badRequests: string[] = [];
  for (const page of [ana, bo]) {
    page.on('request', (request) => {
      if (request.url().includes('/api/users//')) badRequests.push(request.url());
    });
  }

  await signUpWithProfileViaApi(ana, anaAccount, 'Jazz at night.');
  await openOwnProfile(ana, anaAccount);
  await signUpWithProfileViaApi(bo, boAccount, 'Shoegaze forever.');
  await openOwnProfile(bo, boAccount);

  // No picture: the owner's hint says so, and can be put away.
  await expect(bo.getByText('Still missing: a profile picture.')).toBeVisible();
  await bo.getByRole('button', { name: 'Hide this hint' }).click();
  await expect(bo.getByText('Still missing: a profile picture.')).toHaveCount(0);
  await bo.reload();
  await expect(bo.getByRole('heading', { name: boAccount.name, level: 1 })).toBeVisible();
  await expect(bo.getByText('Still missing: a profile picture.')).toHaveCount(0);

  await bo.goto(`/profile/${anaAccount.name}`);
  await bo.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(bo.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(bo.getByRole('link', { name: '1 Follower' })).toBeVisible();

  await ana.reload();
  await ana.getByRole('link', { name: '1 Follower' }).click();
  await expect(ana).toHaveURL(new RegExp(`/profile/${anaAccount.name}/followers$`));
  await expect(ana.getByRole('heading', { name: `${anaAccount.name}'s followers` })).toBeVisible();
  await ana.getByRole('link', { name: boAccount.name }).click();
  await expect(ana).toHaveURL(new RegExp(`/profile/${boAccount.name}$`));
  await ana.getByRole('link', { name: '1 Following' }).click();
  await expect(ana.getByRole('heading', { name: `Followed by ${boAccount.name}` })).toBeVisible();
  await expect(ana.getByRole('link', { name: anaAccount.name, exact: true })).toBeVisible();

  expect(badRequests).toEqual([]);
});

test("an unknown profile goes home and says 'User not found'", async ({ page }) => {
  await page.goto('/profile/nobody_here_at_all');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('User not found')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('User not found')).toHaveCount(0);
});
