import { ACCOUNT_SUSPENDED, INVITE_INVALID, INVITE_REQUIRED, type RegistrationMode } from '@liner/shared';
import type { Page } from '@playwright/test';
import {
  ADMIN,
  becomeAdmin,
  expect,
  logIn,
  newAccount,
  openOwnProfile,
  sameOrigin,
  signUpViaApi,
  signUpWithProfileViaApi,
  test,
} from './fixtures.ts';

/**
 * An admin runs the community from /admin: invitations and the registration mode,
 * suspending and restoring a member, removing a post. The e2e server is shared by every spec, so
 * registration is always put back to open, whatever happens here; the journey that closes it is
 * tagged to run alone, after the others (playwright.config.ts).
 */

async function setRegistration(admin: Page, mode: RegistrationMode): Promise<void> {
  const res = await admin.request.put('/api/admin/registration', { data: { mode }, headers: sameOrigin() });
  expect(res.status()).toBe(200);
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test.afterEach(async ({ browser }) => {
  // Whatever a test did, later specs sign people up: registration is open again. From a browser of
  // its own, signed in as the admin: the test's may have stopped anywhere, signed in as anyone.
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const signedIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email: ADMIN.email, password: ADMIN.password },
      headers: sameOrigin(),
    });
    if (signedIn.ok()) await setRegistration(page, 'open');
  } finally {
    await context.close();
  }
});

test('an admin invites someone while registration is by invitation; nobody else gets in', {
  tag: '@registration-mode',
}, async ({ page, newListener }) => {
  test.setTimeout(60_000);
  await becomeAdmin(page);
  try {
    await openTab(page, 'Registration');
    await expect(page.getByText(/Default from REGISTRATION: Open/)).toBeVisible();
    await page.getByLabel('Valid for (days)').fill('3');
    await page.getByRole('button', { name: 'Create invitation' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Invitation created. Copy its link below.' }),
    ).toBeVisible();
    const invitations = page.getByRole('list', { name: 'Invitations' });
    const newest = invitations.getByRole('listitem').first();
    const link = await newest.getByRole('textbox').inputValue();
    expect(link).toMatch(/\/create-account\?invite=/);
    await expect(newest).toContainText('Unused, expires');

    await page.getByRole('radio', { name: 'By invitation' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved: registration is By invitation.' })).toBeVisible();

    // Without a code the server refuses, in words fit to show; a made-up code is refused on the page.
    const stranger = await newListener();
    const refused = await stranger.request.post('/api/auth/sign-up/email', {
      data: { name: 'no_invite', email: 'no.invite@e2e.test', password: 'vinyl-forever' },
      headers: sameOrigin(),
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe(INVITE_REQUIRED);
    await stranger.goto('/create-account');
    await expect(stranger.getByRole('button', { name: 'Sign up with Google' })).toHaveCount(0);
    const uninvited = newAccount('uninvited');
    await stranger.getByLabel('Invitation code').fill('not-a-real-code');
    await stranger.getByLabel('Username').fill(uninvited.name);
    await stranger.getByLabel('Email').fill(uninvited.email);
    await stranger.getByLabel('Password', { exact: true }).fill(uninvited.password);
    await stranger.getByLabel('Confirm Password').fill(uninvited.password);
    await stranger.getByRole('button', { name: 'Create Account' }).click();
    await expect(stranger.getByRole('alert')).toHaveText(INVITE_INVALID);

    // The invited visitor opens the link: the code is filled in.
    const invited = await newListener();
    const guest = newAccount('invited');
    await invited.goto(link);
    await expect(invited.getByLabel('Invitation code')).toHaveValue(new URL(link).searchParams.get('invite') ?? '');
    await invited.getByLabel('Username').fill(guest.name);
    await invited.getByLabel('Email').fill(guest.email);
    await invited.getByLabel('Password', { exact: true }).fill(guest.password);
    await invited.getByLabel('Confirm Password').fill(guest.password);
    await invited.getByRole('button', { name: 'Create Account' }).click();
    await expect(invited).toHaveURL(/\/profile-setup$/);

    await page.reload();
    await expect(invitations.getByRole('listitem').filter({ hasText: `Used by ${guest.name}` })).toBeVisible();

    // Closed: the page says so and has no form.
    await page.getByRole('radio', { name: 'Closed' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved: registration is Closed.' })).toBeVisible();
    const late = await newListener();
    await late.goto('/create-account');
    await expect(late.getByText('New accounts are not being accepted on this site right now.')).toBeVisible();
    await expect(late.getByLabel('Username')).toHaveCount(0);
  } finally {
    await setRegistration(page, 'open');
  }
});

test('an admin suspends a member, who is signed out and cannot log in, then lifts it', async ({
  page,
  newListener,
}) => {
  test.setTimeout(60_000);
  const member = newAccount('suspendee');
  const theirs = await newListener();
  await signUpWithProfileViaApi(theirs, member, 'Here to listen.');
  await openOwnProfile(theirs, member);

  await becomeAdmin(page);
  await openTab(page, 'Members');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(member.name);
  const row = page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Suspend ${member.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Suspend ${member.name}?` });
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${member.name} is suspended.` })).toBeVisible();
  await expect(row.getByText(/Suspended since/)).toBeVisible();

  // Their session has ended, and signing in again is refused with the reason.
  await theirs.reload();
  await expect(theirs.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await logIn(theirs, member.email, member.password);
  await expect(theirs.getByRole('alert')).toHaveText(ACCOUNT_SUSPENDED);

  await row.getByRole('button', { name: `Lift suspension of ${member.name}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${member.name}'s suspension is lifted.` })).toBeVisible();
  await logIn(theirs, member.email, member.password);
  await expect(theirs.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test("an admin removes someone's note, and it is gone from their profile", async ({ page, newListener }) => {
  test.setTimeout(60_000);
  const writer = newAccount('writer');
  const theirs = await newListener();
  await signUpWithProfileViaApi(theirs, writer, 'I write notes.');
  const title = `Spam ${writer.name}`;
  const made = await theirs.request.post('/api/posts', {
    data: { title, content: 'Buy followers here.' },
    headers: sameOrigin(),
  });
  expect(made.status()).toBe(201);
  await theirs.goto(`/profile/${writer.name}`);
  await expect(theirs.getByRole('heading', { name: title })).toBeVisible();

  await becomeAdmin(page);
  await openTab(page, 'Posts');
  await page.getByRole('button', { name: 'Notes', pressed: false }).click();
  const row = page.getByRole('list', { name: 'Posts' }).getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText(`By ${writer.name}`);
  await row.getByRole('button', { name: `Remove "${title}" by ${writer.name}` }).click();
  await page.getByRole('alertdialog', { name: 'Remove Post' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Removed "${title}" by ${writer.name}.` })).toBeVisible();
  await expect(row).toHaveCount(0);

  await theirs.reload();
  await expect(
    theirs.getByText("You haven't created any posts yet. Click 'Create Note' to get started!"),
  ).toBeVisible();
  await expect(theirs.getByRole('heading', { name: title })).toHaveCount(0);
});

test('the dashboard works by keyboard alone: tabs, a confirmation, and the registration radios', async ({
  page,
  newListener,
}) => {
  const member = newAccount('keys');
  await signUpViaApi(await newListener(), member);
  await becomeAdmin(page);
  await page.goto('/admin');
  const featured = page.getByRole('tab', { name: 'Featured playlists' });
  await featured.focus();
  await page.keyboard.press('ArrowRight');
  const members = page.getByRole('tab', { name: 'Members' });
  await expect(members).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(members).toHaveAttribute('aria-selected', 'true');

  const search = page.getByRole('searchbox', { name: 'Search members' });
  await search.focus();
  await page.keyboard.type(member.name);
  const suspend = page.getByRole('button', { name: `Suspend ${member.name}` });
  await expect(suspend).toBeVisible();
  await suspend.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: `Suspend ${member.name}?` });
  // A destructive confirmation starts on Cancel; Escape closes it and gives focus back.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(suspend).toBeFocused();

  await page.getByRole('tab', { name: 'Members' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Registration' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?tab=registration$/);
  const open = page.getByRole('radio', { name: 'Open' });
  await open.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'By invitation' })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(open).toBeChecked();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
});
