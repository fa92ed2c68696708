import { expect, test } from './fixtures.ts';

const OFFLINE = 'You are currently offline. Some features may not be available.';

test('a new page opened offline waits under the offline banner and appears when the connection returns', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Discover. Rate. Share.' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  // Neither the page's code nor its data can load now.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Music' }).click();
  await page.waitForTimeout(1500);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByText(OFFLINE)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Discover Music' })).toBeVisible();
  await expect(page.getByText('Page 1 of 5')).toBeVisible();
  await expect(page.getByText('You are back online! Content will now update automatically.')).toBeVisible();
});

test('data asked for offline loads by itself when the connection returns', async ({ page, context }) => {
  await page.goto('/music');
  await expect(page.getByText('Page 1 of 5')).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  // The search page's code is there already only if visited: go to one whose data is new.
  await page.getByRole('searchbox', { name: 'Search music' }).fill('blue');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForTimeout(1500);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Albums' }).getByRole('link').first()).toBeVisible();
});

test('an app opened without a connection shows the offline banner, then loads when it returns', async ({
  page,
  context,
}) => {
  // The browser has the page (as from its cache) but no connection: navigator.onLine is false
  // and every API call fails, as it would offline.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-online') === '1') return;
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
  });
  let offline = true;
  await context.route('**/api/**', (route) => (offline ? route.abort('internetdisconnected') : route.fallback()));
  await page.goto('/music');
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);

  offline = false;
  await page.evaluate(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true });
    window.dispatchEvent(new Event('online'));
  });
  await expect(page.getByRole('heading', { name: 'Discover Music' })).toBeVisible();
  await expect(page.getByText('Page 1 of 5')).toBeVisible();
});
