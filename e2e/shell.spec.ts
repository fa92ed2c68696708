import { expect, test } from './fixtures.ts';

test('the home shell renders with the wordmark, navigation and hero', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'liner', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Discover. Rate. Share.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Explore Top Music' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Music' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveTitle(/liner$/);
});

test('a deep link is served by the app and unknown pages say so', async ({ page }) => {
  await page.goto('/lists');
  await expect(page.getByRole('heading', { name: 'Your Lists' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chill Vibes' })).toBeVisible();
  await expect(page).toHaveTitle('Your Lists · liner');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the error screen appears when a page fails to load', async ({ page }) => {
  // A page's code failing to load (say, a stale bundle after a deploy) must not leave a blank page.
  await page.route(/\/assets\/lists-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lists' }).click();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
});

test('the offline banner appears when the browser goes offline and the online one when it returns', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Discover. Rate. Share.' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('You are currently offline. Some features may not be available.')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('You are back online! Content will now update automatically.')).toBeVisible();
  await expect(page.getByText('You are back online! Content will now update automatically.')).toBeHidden({
    timeout: 8000,
  });
});

test('the slide-in menu repeats the links under 768px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Lists' })).toBeVisible();
  await menu.getByRole('link', { name: 'Lists' }).click();
  await expect(page.getByRole('heading', { name: 'Your Lists' })).toBeVisible();
  await expect(menu).toBeHidden();
});

test('the server answers unknown API paths with JSON and the health check with the database', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect((await health.json()).database.status).toBe('up');
  const missing = await request.get('/api/nope');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error.code).toBe('NOT_FOUND');
});
