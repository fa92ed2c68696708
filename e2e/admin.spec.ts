import { randomBytes } from 'node:crypto';
import { type Account, becomeAdmin, expect, newAccount, signUp, signUpViaApi, test, verifyEmail } from './fixtures.ts';

/** A playlist id nobody has featured yet: 22 base62 characters, like Spotify's. */
function freshPlaylistId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(22)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

test('an ADMIN_EMAILS address becomes an admin only once its owner opens the verification link', async ({ page }) => {
  // Listed in the e2e server's ADMIN_EMAILS and used by this journey only, so it is always new here.
  const pending: Account = { name: 'e2e_admin_pending', email: 'admin.pending@e2e.test', password: 'vinyl-forever' };
  await signUp(page, pending);
  await expect(page.getByRole('region', { name: 'E-mail verification' })).toContainText(
    `Please verify your e-mail address. We sent a link to ${pending.email}.`,
  );
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  // The server refuses too, whatever the page shows.
  expect((await page.request.get('/api/admin/featured-playlists')).status()).toBe(403);

  await verifyEmail(page, pending.email);
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page.getByRole('region', { name: 'E-mail verification' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  expect((await page.request.get('/api/admin/featured-playlists')).status()).toBe(200);
});

test('an admin adds a playlist by its id with a custom title, disables it and deletes it', async ({ page }) => {
  await becomeAdmin(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage featured playlists on the home page')).toBeVisible();
  await expect(page).toHaveTitle('Admin Dashboard · liner');
  await expect(page.getByRole('heading', { name: 'Add Featured Playlist' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Current Featured Playlists/ })).toBeVisible();

  // The link is required.
  await page.getByRole('button', { name: 'Add Playlist' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a Spotify playlist URL');

  // Spotify cannot be reached from the e2e server, so the title is given.
  const id = freshPlaylistId();
  const title = `Road Trip ${id.slice(0, 4)}`;
  await page.getByLabel('Spotify Playlist URL').fill(`  ${id}  `);
  await page.getByLabel('Custom Title').fill(`  ${title} `);
  await page.getByLabel('Description').fill('Songs for the long drive.');
  await page.getByRole('button', { name: 'Add Playlist' }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Playlist added successfully!'),
  ).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByLabel('Spotify Playlist URL')).toHaveValue('');

  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByRole('heading', { name: title })).toBeVisible();
  await expect(row).toContainText(`ID: ${id}`);
  await expect(row).toContainText('Songs for the long drive.');
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  const spotifyLink = row.getByRole('link', { name: 'View on Spotify' });
  await expect(spotifyLink).toHaveAttribute('href', `https://open.spotify.com/playlist/${id}`);
  await expect(spotifyLink).toHaveAttribute('target', '_blank');
  await expect(spotifyLink).toHaveAttribute('rel', /noopener/);
  const publicIds = async () =>
    ((await (await page.request.get('/api/featured-playlists')).json()) as { id: string }[]).map((p) => p.id);
  expect(await publicIds()).toContain(id);

  // Disable: the badge changes and the home page's list no longer has it.
  await row.getByRole('button', { name: /^Disable/ }).click();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Enable/ })).toBeVisible();
  expect(await publicIds()).not.toContain(id);

  // Delete asks first; cancelling keeps the playlist.
  await row.getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this playlist?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: /^Delete/ }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Playlist deleted successfully!'),
  ).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
});

test('an admin sees why a playlist could not be added', async ({ page }) => {
  await becomeAdmin(page);
  await page.goto('/admin');
  await page.getByLabel('Spotify Playlist URL').fill('https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy');
  await page.getByRole('button', { name: 'Add Playlist' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Failed to add playlist: Invalid Spotify playlist URL format'),
  ).toBeVisible();
});

test('a normal user going to /admin is sent home, and a visitor to log in', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);

  await signUpViaApi(page, newAccount());
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
});
