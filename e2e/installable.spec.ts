import { expect, test } from './fixtures.ts';

// liner as an installed app: its manifest and service worker are found, Chromium sees nothing
// standing in the way of installing it, the app opens without a connection (its shell, under the
// offline banner), and a link shared with it from another app opens its search.

test.use({ serviceWorkers: 'allow' });

test('the app installs, opens without a connection, and takes links shared with it', async ({ page, context }) => {
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toMatch(/manifest\+json|json/);
  expect(await manifest.json()).toMatchObject({
    name: 'liner',
    start_url: '/',
    display: 'standalone',
    icons: expect.arrayContaining([
      expect.objectContaining({ sizes: '192x192' }),
      expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
    ]),
    share_target: { action: '/share', method: 'GET' },
  });
  for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png']) {
    expect((await page.request.get(icon)).headers()['content-type']).toBe('image/png');
  }

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Discover. Rate. Share.' })).toBeVisible();
  // The worker takes the page over once it has kept the shell.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  const cdp = await context.newCDPSession(page);
  const manifestRead = await cdp.send('Page.getAppManifest');
  expect(manifestRead.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifestRead.errors).toEqual([]);
  // Playwright's browser contexts are incognito ones, where Chromium installs nothing; that is the
  // only thing it may name.
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

  // Without a connection, the app still opens: its shell and first page, from the worker. (Chromium's
  // emulated offline leaves navigator.onLine true in a page a worker served, so the offline banner,
  // which a real device's offline state raises, is not asked for here: shell.spec.ts checks it.)
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Discover. Rate. Share.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const offline = await page.evaluate(async () => ({
    servedByWorker: navigator.serviceWorker.controller !== null,
    api: await fetch('/api/health').then(
      () => 'answered',
      () => 'unreachable',
    ),
  }));
  expect(offline).toEqual({ servedByWorker: true, api: 'unreachable' });
  await context.setOffline(false);

  // What a streaming app shares opens a search for it.
  const shared = new URLSearchParams({
    text: 'Listen to Kind of Blue by Miles Davis on Spotify https://open.spotify.com/album/1weenld61qoidwYuZ1GESA',
  });
  await page.goto(`/share?${shared}`);
  await expect(page).toHaveURL(/\/search\?q=Kind(\+|%20)of(\+|%20)Blue/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kind of Blue');
});

test('the service worker keeps nobody’s API answers', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  await page.goto('/music');
  await expect(page.getByText('Page 1 of 5')).toBeVisible();
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.filter((path) => path.startsWith('/api/'))).toEqual([]);
});
