import sharp from 'sharp';
import {
  expect,
  lastMailTo,
  logIn,
  logOut,
  mailsTo,
  newAccount,
  signUp,
  submitSignUp,
  test,
  VERIFY_SUBJECT,
  verificationLink,
} from './fixtures.ts';

test('a new user signs up, sets up a profile with a picture, and logs back in to the home page', async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await expect(page.getByRole('heading', { name: 'Set Up Your Profile' })).toBeVisible();
  await expect(page).toHaveTitle('Set Up Your Profile · liner');

  const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#4f8cff' } })
    .png()
    .toBuffer();
  await page.getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expect(page.getByRole('img', { name: 'Profile preview' })).toBeVisible();
  await expect(page.getByLabel('Display Name')).toHaveValue(account.name);
  await page.getByLabel('Bio').fill('Crate digger. Mostly jazz and krautrock.');
  await page.getByRole('button', { name: 'Complete Setup' }).click();

  await expect(page).toHaveURL(new RegExp(`/profile/${account.name}$`));
  await expect(page.getByRole('heading', { name: account.name })).toBeVisible();
  await expect(page.getByText('Crate digger. Mostly jazz and krautrock.')).toBeVisible();
  const avatar = page.getByRole('img', { name: `${account.name}'s profile picture` });
  await expect(avatar).toHaveAttribute('src', /\/api\/files\/avatars\/.+\.webp$/);
  // The src is set before the image has loaded: wait for it rather than read a width of 0.
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);

  await logOut(page);
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('a user without a bio is sent to profile setup after logging in', async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await logOut(page);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/profile-setup$/);
});

test('log-in and sign-up explain what went wrong', async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await logOut(page);

  await logIn(page, account.email, 'wrong password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

  await submitSignUp(page, { name: 'someone_new', email: 'someone@e2e.test', password: 'abcdef-1' }, 'abcdef-2');
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');

  // The same form, corrected one field at a time.
  for (const attempt of [
    { password: 'abc-123', alert: 'Password must be at least 8 characters' },
    { password: 'password1', alert: 'That password is too common. Please choose a less common one.' },
    {
      password: 'abcdef-1',
      email: account.email,
      alert: 'Email is already in use. Please use a different email or log in.',
    },
  ]) {
    await page.getByLabel('Password', { exact: true }).fill(attempt.password);
    await page.getByLabel('Confirm Password').fill(attempt.password);
    if (attempt.email) await page.getByLabel('Email').fill(attempt.email);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText(attempt.alert);
  }

  await page.getByLabel('Email').fill('fresh@e2e.test');
  await page.getByLabel('Username').fill(account.name.toUpperCase());
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('That display name is already taken. Please choose another.');
});

test('a user resets a forgotten password from the e-mailed link', async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await logOut(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The page may still be settling when the field is first filled (it once came back empty on a
  // busy machine): fill and send again until the answer shows.
  await expect(async () => {
    await page.getByLabel('Email').fill('nobody-at-all@e2e.test');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('No account found with that email.', { timeout: 2000 });
  }).toPass({ timeout: 15_000 });

  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toHaveText('Check your inbox for further instructions.');

  const link = lastMailTo(account.email).match(/https?:\/\/\S+\/api\/auth\/reset-password\/[^\s"<]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link as string);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New Password').fill('qwertyuiop');
  await page.getByLabel('Confirm Password').fill('qwertyuiop');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('That password is too common. Please choose a less common one.');
  await page.getByLabel('New Password').fill('brand-new-pass');
  await page.getByLabel('Confirm Password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  await logIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await logIn(page, account.email, 'brand-new-pass');
  await expect(page).toHaveURL(/\/profile-setup$/);
});

test('signed-in users are sent away from the auth screens and visitors away from setup', async ({ page }) => {
  await page.goto('/profile-setup');
  await expect(page).toHaveURL(/\/login$/);
  const account = newAccount();
  await signUp(page, account);
  for (const path of ['/login', '/create-account', '/forgot-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
});

test('a new user is asked to verify the address, can have the link sent again, and the link verifies it', async ({
  page,
}) => {
  const account = newAccount('verifier');
  await signUp(page, account);
  const banner = page.getByRole('region', { name: 'E-mail verification' });
  await expect(banner).toContainText(`Please verify your e-mail address. We sent a link to ${account.email}.`);
  await verificationLink(account.email);
  expect(mailsTo(account.email, VERIFY_SUBJECT)).toBe(1);

  // The banner follows the user around the site, which works as usual meanwhile.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Music' }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Resend link' }).click();
  await expect(banner.getByRole('status')).toHaveText('Verification link sent. Check your inbox.');
  await expect.poll(() => mailsTo(account.email, VERIFY_SUBJECT)).toBe(2);

  // A damaged link is refused, and a new one can be asked for from there.
  const damaged = new URL(await verificationLink(account.email));
  damaged.searchParams.set('token', `${damaged.searchParams.get('token')}x`);
  await page.goto(damaged.toString());
  await expect(page).toHaveURL(/\/email-verified\?error=/);
  await expect(page.getByRole('alert')).toHaveText('This verification link is invalid or has expired.');
  await expect(page.getByRole('button', { name: 'Resend link' })).toBeVisible();

  await page.goto(await verificationLink(account.email));
  await expect(page).toHaveURL(/\/email-verified$/);
  await expect(page.getByText('Your e-mail address is verified.')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
