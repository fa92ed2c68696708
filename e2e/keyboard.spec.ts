import type { Locator } from '@playwright/test';
import { expect, newAccount, openOwnProfile, signUpWithProfileViaApi, test } from './fixtures.ts';

/** Keyboard and focus journeys: skip link, menu, combobox, dialog and the phone drawer. */

/** Whether the focused element is inside this container. */
const focusIsInside = (container: Locator) => container.evaluate((element) => element.contains(document.activeElement));

test('"Skip to content" is the first Tab stop and moves focus to the main landmark', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/$/);
  for (const landmark of ['banner', 'main', 'contentinfo'] as const) {
    await expect(page.getByRole(landmark)).toHaveCount(1);
  }
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('the avatar menu opens with Enter, moves with the arrows, and Escape gives focus back', async ({ page }) => {
  const account = newAccount('keys');
  await signUpWithProfileViaApi(page, account, 'Keyboard only.');
  await openOwnProfile(page, account);
  const button = page.getByRole('button', { name: 'Account menu' });
  await button.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Edit Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Edit Profile' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
});

test('the header search is a combobox: ArrowDown picks an album, Enter opens it', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.focus();
  await page.keyboard.type('kind of blue');
  const option = page.getByRole('option', { name: /Kind of Blue/ });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const listbox = page.getByRole('listbox');
  await expect(box).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) ?? 'missing');
  // Escape closes the list and leaves focus in the box; ArrowDown opens it again.
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(box).toBeFocused();
  await expect(box).not.toHaveAttribute('aria-controls');
  await page.keyboard.press('ArrowDown');
  await expect(option).toBeVisible();
  const activeText = () =>
    box.evaluate((input) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent);
  for (let i = 0; i < 8 && !(await activeText())?.includes('Kind of Blue'); i++) {
    await page.keyboard.press('ArrowDown');
  }
  expect(await activeText()).toContain('Kind of Blue');
  await expect(box).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/album\/miles-davis-kind-of-blue$/);
  await expect(page.getByRole('heading', { name: 'Kind of Blue', level: 1 })).toBeVisible();
});

test('the Create Note dialog keeps focus inside and gives it back to its button', async ({ page }) => {
  const account = newAccount('noter');
  await signUpWithProfileViaApi(page, account, 'Notes by keyboard.');
  await openOwnProfile(page, account);
  const create = page.getByRole('button', { name: 'Create Note' });
  await create.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create New Note' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusIsInside(dialog)).toBe(true);
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    await expect.poll(() => focusIsInside(dialog), `Tab ${i + 1} stays in the dialog`).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  await expect.poll(() => focusIsInside(dialog)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header offers Sign In; the drawer traps focus, closes on Escape and on its backdrop', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Create Account' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    // Full height, and not inside the top bar.
    const box = await drawer.boundingBox();
    expect(box?.height).toBe(844);
    // (The top bar is hidden from assistive tech while the drawer is open, so found by its tag.)
    expect(
      await page
        .locator('header')
        .first()
        .evaluate((bar) => bar.querySelector('[role="dialog"]')),
    ).toBeNull();
    await expect.poll(() => focusIsInside(drawer)).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      await expect.poll(() => focusIsInside(drawer), `Tab ${i + 1} stays in the drawer`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(burger).toBeFocused();

    // A tap on the backdrop (right of the 300px panel) closes it and opens nothing underneath.
    await burger.click();
    await expect(drawer).toBeVisible();
    const before = page.url();
    await page.mouse.click(360, 420);
    await expect(drawer).toBeHidden();
    expect(page.url()).toBe(before);
    await expect(burger).toBeFocused();
  });
});
