import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures.ts';

/** A seeded album with 7 tracks: read from the bundled catalogue so the test follows the seed. */
const ALBUM_ID = 'the-dave-brubeck-quartet-time-out';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function seedAlbum(id: string): { title: string; artist: string; tracks: { title: string }[] } {
  const dir = path.resolve(import.meta.dirname, '../apps/server/seed/catalog');
  for (const file of ['jazz-electronic-classical-world.json', 'pop-hiphop-soul.json', 'rock-metal-folk.json']) {
    const { albums } = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
      albums: { id: string; title: string; artist: string; tracks: { title: string }[] }[];
    };
    const album = albums.find((a) => a.id === id);
    if (album) return album;
  }
  throw new Error(`${id} is not in the seed catalogue`);
}

test('a visitor ranks an album by always choosing the left song and downloads the ranking as a PNG', async ({
  page,
}) => {
  const album = seedAlbum(ALBUM_ID);
  const titles = album.tracks.map((t) => t.title);
  expect(titles.length).toBeGreaterThanOrEqual(6);

  await page.goto(`/sorter?album=${ALBUM_ID}`);
  await expect(page).toHaveTitle('Song Sorter · liner');
  await expect(page.getByRole('heading', { name: album.title })).toBeVisible();
  await page.getByRole('button', { name: 'Start Sorting' }).click();

  const step = page.getByRole('region', { name: 'Choose your favorite' });
  await expect(step).toBeVisible();
  await expect(step.getByText(/^Question 1 of about \d+$/)).toBeVisible();
  await expect(step.getByRole('button', { name: 'Undo' })).toBeDisabled();

  // Undo takes an answer back.
  const firstLeft = await step.getByRole('button').first().textContent();
  await step.getByRole('button').first().click();
  await expect(step.getByText(/^Question 2 of about \d+$/)).toBeVisible();
  await step.getByRole('button', { name: 'Undo' }).click();
  await expect(step.getByText(/^Question 1 of about \d+$/)).toBeVisible();
  await expect(step.getByRole('button').first()).toHaveText(firstLeft ?? '');

  let asked = 0;
  while (await step.isVisible()) {
    asked += 1;
    expect(asked).toBeLessThanOrEqual((titles.length * (titles.length - 1)) / 2);
    await expect(step.getByText(new RegExp(`^Question ${asked} of about \\d+$`))).toBeVisible();
    await step.getByRole('button').first().click();
    await expect(step.getByText(new RegExp(`^Question ${asked} of`))).toHaveCount(0);
  }

  // Choosing the song being placed every time puts the album in reverse order.
  const card = page.getByRole('article');
  await expect(card.getByRole('heading', { name: `MY ${album.title} Ranking` })).toBeVisible();
  await expect(card).toContainText(album.artist);
  await expect(card.getByRole('img', { name: `${album.title} cover` })).toBeVisible();
  const ranking = card.getByRole('list', { name: 'Your ranking' }).getByRole('listitem');
  await expect(ranking).toHaveText([...titles].reverse());

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Image' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('ranking.png');
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes.length).toBeGreaterThan(10_000);
  await expect(page.getByRole('button', { name: 'Download Image' })).toBeEnabled();

  // Sharing opens a post intent inviting others to the sorter (answered here: the test is offline).
  await page
    .context()
    .route('https://twitter.com/**', (route) => route.fulfill({ contentType: 'text/html', body: 'ok' }));
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Share on Twitter' }).click();
  const share = await popup;
  await share.waitForLoadState();
  const intent = new URL(share.url());
  expect(`${intent.origin}${intent.pathname}`).toBe('https://twitter.com/intent/tweet');
  expect(intent.searchParams.get('url')).toBe(`${new URL(page.url()).origin}/sorter`);
  expect(intent.searchParams.get('text')).toContain(album.title);
  await share.close();
});
