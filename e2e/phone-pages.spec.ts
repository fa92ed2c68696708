import {
  becomeAdmin,
  expect,
  newAccount,
  openOwnProfile,
  rateSongs,
  sameOrigin,
  signUpViaApi,
  signUpWithProfileViaApi,
  test,
} from './fixtures.ts';

/** On a phone (390×844): nothing scrolls sideways, controls are big enough, the important part is on screen. */
const PHONE = { width: 390, height: 844 };
const ALBUM = 'miles-davis-kind-of-blue';
const LONG_TITLE = 'x'.repeat(95);

const sideways = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Where an element is once two looks a quarter second apart agree: a pointer aimed at it lands on it. */
async function settledBox(locator: import('@playwright/test').Locator) {
  let last = JSON.stringify(await locator.boundingBox());
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await locator.boundingBox());
        const still = now === last;
        last = now;
        return still;
      },
      { intervals: [250] },
    )
    .toBe(true);
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box');
  return box;
}

test('a note titled with 95 unbroken characters wraps inside its card, and the dialog explains a blank title', async ({
  page,
}) => {
  const account = newAccount('longnote');
  await signUpWithProfileViaApi(page, account, 'Long titles.');
  await openOwnProfile(page, account);

  await page.getByRole('button', { name: 'Create Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Note' });
  await dialog.getByLabel('Title').fill('   ');
  await dialog.getByLabel('Content').fill('Something to say.');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Title is required');
  // The title field stops at 100 characters.
  await dialog.getByLabel('Title').fill('y'.repeat(120));
  await expect(dialog.getByLabel('Title')).toHaveValue('y'.repeat(100));
  await expect(dialog.getByText('100/100')).toBeVisible();
  await dialog.getByLabel('Title').fill(LONG_TITLE);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  for (const size of [{ width: 1280, height: 800 }, PHONE]) {
    await page.setViewportSize(size);
    const card = page.getByRole('article').filter({ hasText: LONG_TITLE });
    await expect(card).toBeVisible();
    const { cardRight, titleOverflow } = await card.evaluate((el) => {
      const title = el.querySelector('h3') as HTMLElement;
      return { cardRight: el.getBoundingClientRect().right, titleOverflow: title.scrollWidth - title.clientWidth };
    });
    expect(cardRight).toBeLessThanOrEqual(size.width);
    expect(titleOverflow).toBeLessThanOrEqual(0);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the album page keeps track durations, fits the width and has finger-sized stars', async ({ page }) => {
    await signUpViaApi(page, newAccount('phone'));
    await page.goto(`/album/${ALBUM}`);
    await expect(page.getByRole('heading', { name: 'Kind of Blue', level: 1 })).toBeVisible();
    await expect(page.getByText('Album Rating', { exact: true })).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: 'So What' });
    await expect(row.getByText('9:22')).toBeVisible();
    const slider = row.getByRole('slider', { name: 'Rate So What' });
    const box = await slider.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(24);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    // A tap on the first half of the third star gives 2.5 stars.
    if (!box) throw new Error('no slider box');
    // The saved rating reloads the album's community figures, which grow the page above the songs.
    const communityReloaded = page.waitForResponse(
      (response) => response.url().endsWith(`/api/albums/${ALBUM}/community`) && response.ok(),
    );
    await slider.click({ position: { x: box.width * 0.45, y: box.height / 2 } });
    await expect(slider).toHaveAttribute('aria-valuetext', '2.5 of 5 stars');
    await communityReloaded;
    // A drag along the row to its end gives 5 stars, measured again once the row has stopped
    // moving (the tap scrolled it into view, and the new figures pushed it down).
    Object.assign(box, await settledBox(slider));
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(slider).toHaveAttribute('aria-valuetext', '5 of 5 stars');

    await page.goto('/collection');
    await expect(page.getByRole('heading', { name: 'Your Collection' })).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  test('the charts fit the width: filters side by side, finger-sized, each entry inside the screen', async ({
    page,
    newListener,
  }) => {
    test.setTimeout(60_000);
    for (const name of ['phone_chart_a', 'phone_chart_b', 'phone_chart_c']) {
      const listener = await newListener();
      await signUpViaApi(listener, newAccount(name));
      await rateSongs(listener, 'radiohead-ok-computer', [9, 10]);
    }
    for (const path of ['/charts?genre=rock&year=1997', '/charts?kind=songs&genre=rock&year=1997']) {
      await page.goto(path);
      const entry = page.getByRole('listitem').filter({ hasText: 'Radiohead' }).first();
      await expect(entry).toBeVisible();
      const box = await entry.boundingBox();
      expect((box?.x ?? PHONE.width) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      for (const select of await page.getByRole('combobox').all()) {
        const control = await select.boundingBox();
        expect(control?.height).toBeGreaterThanOrEqual(24);
        expect((control?.x ?? PHONE.width) + (control?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      }
      expect(await sideways(page)).toBeLessThanOrEqual(0);
    }
  });

  test("an album's ratings and its artist's page fit the width, cards two to a row", async ({ page, newListener }) => {
    test.setTimeout(60_000);
    for (const name of ['phone_hist_a', 'phone_hist_b', 'phone_hist_c']) {
      const listener = await newListener();
      await signUpViaApi(listener, newAccount(name));
      await rateSongs(listener, 'nirvana-nevermind', [8, 9]);
    }
    await page.goto('/album/nirvana-nevermind');
    const bars = page.getByRole('list', { name: 'Listeners by rating' });
    await expect(bars).toBeVisible();
    const box = await bars.boundingBox();
    expect((box?.x ?? PHONE.width) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    await page.locator('.album-hero__artist').getByRole('link', { name: 'Nirvana' }).click();
    await expect(page.getByRole('heading', { name: 'Nirvana', level: 1 })).toBeVisible();
    const cards = page.getByRole('region', { name: /^Albums/ }).locator('.album-card');
    await expect(cards.first()).toBeVisible();
    const card = await cards.first().boundingBox();
    // Two cards side by side: each under half the screen, none past its edge.
    expect(card?.width ?? PHONE.width).toBeLessThan(PHONE.width / 2);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  test('the sorter shows both songs of a question without scrolling', async ({ page }) => {
    await page.goto('/sorter?album=the-dave-brubeck-quartet-time-out');
    await page.getByRole('button', { name: 'Start Sorting' }).click();
    const step = page.getByRole('region', { name: 'Choose your favorite' });
    const songs = step.locator('.sorter-song');
    await expect(songs).toHaveCount(2);
    for (const song of await songs.all()) {
      const box = await song.boundingBox();
      expect((box?.y ?? Number.POSITIVE_INFINITY) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    }
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  test('the admin tabs stack their rows: names, actions and invitation links fit the width', async ({
    page,
    newListener,
  }) => {
    const member = newAccount('phone_member');
    const theirs = await newListener();
    await signUpViaApi(theirs, member);
    await becomeAdmin(page);
    expect((await page.request.post('/api/admin/invites', { data: {}, headers: sameOrigin() })).status()).toBe(201);

    await page.goto('/admin?tab=members');
    await page.getByRole('searchbox', { name: 'Search members' }).fill(member.name);
    const row = page.getByRole('list', { name: 'Members' }).getByRole('listitem').filter({ hasText: member.email });
    for (const name of [`Suspend ${member.name}`, `Delete account of ${member.name}`]) {
      const box = await row.getByRole('button', { name }).boundingBox();
      expect((box?.x ?? PHONE.width) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      expect(box?.height).toBeGreaterThanOrEqual(24);
    }
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    await page.getByRole('tab', { name: 'Registration' }).click();
    const invite = page.getByRole('list', { name: 'Invitations' }).getByRole('listitem').first();
    const copy = await invite.getByRole('button', { name: 'Copy link' }).boundingBox();
    expect((copy?.x ?? PHONE.width) + (copy?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect(await sideways(page)).toBeLessThanOrEqual(0);

    await page.getByRole('tab', { name: 'Posts' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Posts' })).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
});
