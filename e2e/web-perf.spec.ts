import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Holds every session check until `release` is called: the app must not wait for it. */
async function holdSessionCheck(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/auth/get-session', async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the shell and the home page render while the session check is still out (${viewport.width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const release = await holdSessionCheck(page);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'liner' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Discover. Rate. Share.' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Top Albums' }).getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Unknown yet: neither Sign In nor the avatar, and a blank of the buttons' size holds their place.
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    const blank = await page.locator('.top-bar__account').boundingBox();
    release();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    const buttons = await page.locator('.top-bar__account').boundingBox();
    expect(Math.abs((buttons?.width ?? 0) - (blank?.width ?? 0))).toBeLessThan(2);
    expect(Math.abs((buttons?.height ?? 0) - (blank?.height ?? 0))).toBeLessThan(2);
  });
}

test('the album page asks for its album without waiting for the session check', async ({ page }) => {
  await page.goto('/');
  const href = await page.getByRole('region', { name: 'Top Albums' }).getByRole('link').first().getAttribute('href');
  if (!href) throw new Error('no album link');

  const release = await holdSessionCheck(page);
  const albumRequest = page.waitForRequest((request) =>
    /\/api\/music\/albums\/[^/?]+$/.test(new URL(request.url()).pathname),
  );
  await page.goto(href);
  // Issued while the session check is held: it did not wait for it.
  await albumRequest;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  release();
});
