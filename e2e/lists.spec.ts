import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, newAccount, signUpWithProfileViaApi, test } from './fixtures.ts';

/** Seven songs: the sorter's album in sorter.spec.ts, read from the bundled catalogue. */
const ALBUM_ID = 'the-dave-brubeck-quartet-time-out';

function seedAlbum(id: string): { title: string; tracks: { title: string }[] } {
  const dir = path.resolve(import.meta.dirname, '../apps/server/seed/catalog');
  for (const file of ['jazz-electronic-classical-world.json', 'pop-hiphop-soul.json', 'rock-metal-folk.json']) {
    const { albums } = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {
      albums: { id: string; title: string; tracks: { title: string }[] }[];
    };
    const album = albums.find((a) => a.id === id);
    if (album) return album;
  }
  throw new Error(`${id} is not in the seed catalogue`);
}

test('a listener saves a sorter ranking as a list, reorders it by keyboard and finds it after a reload', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const album = seedAlbum(ALBUM_ID);
  const titles = album.tracks.map((t) => t.title);
  await signUpWithProfileViaApi(page, newAccount('lister'), 'Ranking things.');

  await page.goto(`/sorter?album=${ALBUM_ID}`);
  await page.getByRole('button', { name: 'Start Sorting' }).click();
  const step = page.getByRole('region', { name: 'Choose your favorite' });
  let asked = 0;
  while (await step.isVisible()) {
    asked += 1;
    await expect(step.getByText(new RegExp(`^Question ${asked} of about \\d+$`))).toBeVisible();
    await step.getByRole('button').first().click();
  }
  // Always the song being placed: the album in reverse.
  const ranked = [...titles].reverse();
  await page.getByRole('button', { name: 'Save as list' }).click();
  const saved = page.getByRole('link', { name: `My ${album.title} Ranking` });
  await expect(saved).toBeVisible();
  await saved.click();

  await expect(page.getByRole('heading', { name: `My ${album.title} Ranking`, level: 1 })).toBeVisible();
  await expect(page.getByText(`${titles.length} songs · Ranked`)).toBeVisible();
  const entries = page.getByRole('list', { name: 'Entries' }).getByRole('link');
  await expect(entries).toHaveText(ranked);

  // By keyboard only: focus the first song's Move down and press Enter twice.
  const first = ranked[0] as string;
  await page.getByRole('button', { name: `Move ${first} down` }).focus();
  await page.keyboard.press('Enter');
  await expect(entries).toHaveText([ranked[1], first, ...ranked.slice(2)] as string[]);
  await expect(page.getByRole('button', { name: `Move ${first} down` })).toBeFocused();
  await page.keyboard.press('Enter');
  const moved = [ranked[1], ranked[2], first, ...ranked.slice(3)] as string[];
  await expect(entries).toHaveText(moved);
  await expect(page.getByText(`${first} moved to position 3 of ${titles.length}`)).toBeAttached();

  await page.reload();
  await expect(page.getByRole('list', { name: 'Entries' }).getByRole('link')).toHaveText(moved);

  // Its album page links it, and /lists shows it under Your Lists.
  await page.goto(`/album/${ALBUM_ID}`);
  await expect(
    page
      .getByRole('navigation', { name: 'Lists with this album' })
      .getByRole('link', { name: `My ${album.title} Ranking` }),
  ).toBeVisible();
  await page.goto('/lists');
  await expect(page.getByRole('heading', { name: 'Your Lists', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: `My ${album.title} Ranking` }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chill Vibes' })).toHaveCount(0);
});

test('a visitor sees the sample card and public lists, and cannot change a list', async ({ page, newListener }) => {
  const owner = await newListener();
  await signUpWithProfileViaApi(owner, newAccount('owner'), 'Lists.');
  await owner.goto('/lists');
  await owner.getByRole('button', { name: 'New list' }).click();
  const dialog = owner.getByRole('dialog', { name: 'New list' });
  await dialog.getByLabel('Title').fill('Late night jazz');
  await expect(dialog.getByText('15/100')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(owner.getByRole('heading', { name: 'Late night jazz', level: 1 })).toBeVisible();
  await owner.getByLabel('Search albums').fill('Kind of Blue');
  await owner.getByRole('button', { name: 'Add Kind of Blue' }).click();
  await expect(owner.getByRole('list', { name: 'Entries' }).getByRole('link')).toHaveText(['Kind of Blue']);
  const address = owner.url();

  await page.goto('/lists');
  await expect(page.getByRole('heading', { name: 'Chill Vibes' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Recent lists' }).getByRole('link', { name: 'Late night jazz' }),
  ).toBeVisible();
  await page.goto(address);
  await expect(page.getByRole('heading', { name: 'Late night jazz', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Move|Remove|Delete list|Edit list/ })).toHaveCount(0);
});
