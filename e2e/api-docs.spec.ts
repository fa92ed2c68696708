import { expect, test } from './fixtures.ts';

/**
 * The API reference: Swagger UI at /api/docs renders the OpenAPI document from
 * /api/openapi.json under the site's CSP, with no console errors, and fits a phone's width.
 */
test('the API reference lists the routes by tag and shows an operation with its response schema', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize({ width: 390, height: 844 });

  // From 150 tags and operations on, Swagger UI renders only those near the viewport: a reader
  // reaches a tag further down by scrolling, or by its link, as here.
  await page.goto('/api/docs#/Catalogue');
  await expect(page).toHaveTitle('liner API');
  await expect(page.locator('.info .title')).toContainText('liner API');
  await expect(page.locator('h3.opblock-tag[data-tag="Catalogue"]')).toBeVisible();
  // An operation's element names its tag and operationId: the album route listed under Catalogue.
  const album = page.locator('.opblock#operations-Catalogue-getMusicAlbumsById');
  await expect(album.locator('[data-path="/api/music/albums/{id}"]')).toBeVisible();
  await expect(album).toHaveCount(1);
  await expect(album).toContainText('An album with its tracks and community rating');

  const summary = album.locator('.opblock-summary-control');
  await expect(summary).toHaveAttribute('aria-expanded', 'false');
  await summary.click();
  await expect(summary).toHaveAttribute('aria-expanded', 'true');
  const ok = album.locator('.responses-wrapper .response[data-code="200"]');
  await expect(ok).toBeVisible();
  await ok.getByRole('tab', { name: 'Schema' }).click();
  const schema = ok.locator('.model-box');
  await expect(schema).toBeVisible();
  await expect(schema).toContainText('tracks');

  // Expanded, the page still fits a 390 px phone without scrolling sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);

  const openapi = await page.request.get('/api/openapi.json');
  expect(openapi.ok()).toBe(true);
  const paths = Object.keys((await openapi.json()).paths);
  expect(paths).toContain('/api/auth/sign-in/email');
  expect(paths).toContain('/api/music/albums/{id}');
});
