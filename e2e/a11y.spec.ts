import type { Page } from '@playwright/test';
import { accessibilityProblems, SIZES } from './accessibility.ts';
import { becomeAdmin, expect, newAccount, rateSongs, sameOrigin, signUpWithProfileViaApi, test } from './fixtures.ts';

/**
 * Every page passes axe's WCAG 2.2 A/AA rules with no serious or critical violation, and
 * never scrolls sideways, at desktop and phone sizes, signed out and signed in. Each test visits a
 * page at both sizes; a failure names the rule, the element and the size.
 */

// Half of the journeys' time is this file's: its journeys share nothing (each makes its own
// accounts), so both workers take them.
test.describe.configure({ mode: 'parallel' });

const ALBUM = 'miles-davis-kind-of-blue';
const RATED_BY_FRIEND = 'pink-floyd-the-dark-side-of-the-moon';
/** One word, 95 characters: a title that must wrap rather than push the page sideways. */
const UNBROKEN_TITLE = 'Supercalifragilisticexpialidocious'.repeat(3).slice(0, 95);

/** Opens `path` at both sizes (after `prepare`, when given) and expects no problem at either. */
async function checkPage(page: Page, path: string, prepare?: (page: Page) => Promise<void>) {
  const problems: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await prepare?.(page);
    problems.push(...(await accessibilityProblems(page, `${path} at ${size.width}px`)));
  }
  expect(problems).toEqual([]);
}

/** Writes a note through the API; its id. */
async function writeNote(page: Page, title: string): Promise<string> {
  const res = await page.request.post('/api/posts', {
    data: { title, content: 'A long title.' },
    headers: sameOrigin(),
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

test.describe('signed out', () => {
  for (const path of [
    '/',
    '/music',
    '/charts',
    '/charts?kind=songs&genre=rock&decade=1990',
    '/search?q=blue',
    `/album/${ALBUM}`,
    '/album/no-such-album',
    '/artist/miles-davis',
    '/artist/no-such-artist',
    '/music?genre=rock&decade=1990&sort=newest',
    '/lists',
    '/sorter',
    '/sorter?album=the-dave-brubeck-quartet-time-out',
    '/login',
    '/create-account',
    '/forgot-password',
    '/no/such/page',
  ]) {
    test(`${path} passes axe and fits the screen`, async ({ page }) => {
      await checkPage(page, path);
    });
  }

  test('a profile with a 95-character unbroken note title fits the screen', async ({ page, newListener }) => {
    const writer = newAccount('writer');
    const other = await newListener();
    await signUpWithProfileViaApi(other, writer, 'Listening.');
    await writeNote(other, UNBROKEN_TITLE);
    await checkPage(page, `/profile/${writer.name}`);
  });

  test('a chart with entries passes axe and fits the screen, albums and songs', async ({ page, newListener }) => {
    // Eight pages through axe: 15-25 s as the only worker, up to 56 s beside the other worker's
    // journeys on a busy 2-core machine, where 60 s was too close.
    test.setTimeout(90_000);
    // Three people rate it, the fewest that chart an album (CHART_MIN_LISTENERS' default).
    for (const name of ['chart_a', 'chart_b', 'chart_c']) {
      const listener = await newListener();
      await signUpWithProfileViaApi(listener, newAccount(name), 'Listening.');
      await rateSongs(listener, 'radiohead-ok-computer', [10, 9]);
    }
    const hasEntry = async (p: Page) => {
      await expect(p.getByRole('link', { name: /OK Computer|Airbag/ }).first()).toBeVisible();
    };
    await checkPage(page, '/charts?genre=rock&year=1997', hasEntry);
    await checkPage(page, '/charts?kind=songs&genre=rock&year=1997', hasEntry);
    // Its album page draws their ratings, and its artist page shows its score on the card.
    await checkPage(page, '/album/radiohead-ok-computer', async (p) => {
      await expect(p.getByRole('list', { name: 'Listeners by rating' })).toBeVisible();
    });
    await checkPage(page, '/artist/radiohead', async (p) => {
      await expect(p.getByRole('heading', { name: 'Radiohead', level: 1 })).toBeVisible();
    });
  });

  test('the mobile menu passes axe when open', async ({ page }) => {
    await page.setViewportSize(SIZES[1]);
    await page.goto('/');
    await page.getByRole('button', { name: /menu/i }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await accessibilityProblems(page, 'menu open at 390px')).toEqual([]);
  });
});

test.describe('signed in', () => {
  test('every page of a listener passes axe and fits the screen', async ({ page, newListener }) => {
    // Sixteen pages at two sizes, each waiting for the network to settle: a minute alone, 2.6 minutes
    // beside the other worker's journeys on a busy 2-core machine (2.8 when it was one worker).
    test.setTimeout(240_000);
    const me = newAccount('me');
    await signUpWithProfileViaApi(page, me, 'Listening.');
    const writer = newAccount('writer');
    const other = await newListener();
    const writerId = await signUpWithProfileViaApi(other, writer, 'Listening.');
    const noteId = await writeNote(other, UNBROKEN_TITLE);
    const followed = await page.request.post(`/api/users/${writerId}/follow`, { headers: sameOrigin() });
    expect(followed.status()).toBe(200);
    // Someone followed rated an album (one no other journey counts ratings of): its page shows
    // friends' ratings and a histogram.
    await rateSongs(other, RATED_BY_FRIEND, [9, 8]);

    for (const path of [
      '/',
      '/music',
      '/charts',
      '/search?q=blue',
      `/album/${ALBUM}`,
      `/album/${RATED_BY_FRIEND}`,
      '/lists',
      '/sorter',
      `/profile/${me.name}`,
      `/profile/${writer.name}`,
      `/profile/${writer.name}/followers`,
      `/profile/${me.name}/following`,
      `/post/${noteId}`,
      '/collection',
      '/settings',
      '/import',
    ]) {
      await checkPage(page, path);
    }
  });

  test('the diary tab and the log-a-listen dialog pass axe and fit the screen', async ({ page }) => {
    const me = newAccount('diarist');
    await signUpWithProfileViaApi(page, me, 'Listening.');
    // A long title in the diary: it must wrap, not push the page sideways.
    for (const [albumId, day] of [
      [ALBUM, '2024-03-15'],
      ['dawn-upshaw-gorecki-symphony-no-3', '2024-02-01'],
    ]) {
      const res = await page.request.post(`/api/albums/${albumId}/listens`, {
        data: { listenedOn: day, relisten: true },
        headers: sameOrigin(),
      });
      expect(res.status()).toBe(201);
    }
    await checkPage(page, `/profile/${me.name}`, async (p) => {
      await p.getByRole('tab', { name: 'Diary' }).click();
      await expect(p.getByRole('heading', { name: 'March 2024' })).toBeVisible();
    });
    await checkPage(page, `/album/${ALBUM}`, async (p) => {
      await expect(p.getByRole('region', { name: 'Your listens' }).getByRole('listitem')).toHaveCount(1);
      await p.getByRole('button', { name: 'Log a listen' }).click();
      await expect(p.getByRole('dialog', { name: 'Log a listen' }).getByLabel('Listened on')).toBeVisible();
    });
  });

  test("a profile's stats, favourites shelf and favourites editor pass axe and fit the screen", async ({ page }) => {
    test.setTimeout(60_000);
    const me = newAccount('shelver');
    await signUpWithProfileViaApi(page, me, 'Listening.');
    // Albums whose community counts no other journey asserts (library.spec counts Getz/Gilberto's).
    await rateSongs(page, 'charles-mingus-mingus-ah-um', [9, 8]);
    await rateSongs(page, RATED_BY_FRIEND, [6]);
    // A long title on the shelf: it must wrap, not push the page sideways.
    const shelf = await page.request.put('/api/users/me/favourites', {
      data: { albumIds: [ALBUM, RATED_BY_FRIEND, 'dawn-upshaw-gorecki-symphony-no-3'] },
      headers: sameOrigin(),
    });
    expect(shelf.status()).toBe(200);
    await checkPage(page, `/profile/${me.name}`, async (p) => {
      await expect(p.getByRole('list', { name: 'Albums by rating' })).toBeVisible();
      await expect(p.getByRole('region', { name: 'Favourite albums' }).getByRole('link')).toHaveCount(3);
    });
    await checkPage(page, `/profile/${me.name}`, async (p) => {
      await p.getByRole('button', { name: 'Edit favourites' }).click();
      const dialog = p.getByRole('dialog', { name: 'Edit favourites' });
      await dialog.getByLabel('Search albums').fill('blue');
      await expect(dialog.getByRole('button', { name: /^Add / }).first()).toBeVisible();
    });
  });

  test('/lists, a list page (owner and visitor), the New list dialog and the Media tab pass axe and fit the screen', async ({
    page,
    newListener,
  }) => {
    test.setTimeout(90_000);
    const me = newAccount('lister');
    await signUpWithProfileViaApi(page, me, 'Listening.');
    // A long unbroken title and a note: they must wrap, not push the page sideways.
    const res = await page.request.post('/api/lists', {
      data: {
        title: UNBROKEN_TITLE,
        description: 'Why these.',
        kind: 'album',
        ranked: true,
        itemIds: [ALBUM, RATED_BY_FRIEND],
      },
      headers: sameOrigin(),
    });
    expect(res.status()).toBe(201);
    const list = (await res.json()) as { id: string };
    const noted = await page.request.put(`/api/lists/${list.id}/entries/${ALBUM}/note`, {
      data: { note: 'The one that started it.' },
      headers: sameOrigin(),
    });
    expect(noted.status()).toBe(200);
    await checkPage(page, '/lists', async (p) => {
      await expect(p.getByRole('link', { name: UNBROKEN_TITLE }).first()).toBeVisible();
    });
    await checkPage(page, '/lists', async (p) => {
      await p.getByRole('button', { name: 'New list' }).click();
      await expect(p.getByRole('dialog', { name: 'New list' }).getByLabel('Title')).toBeVisible();
    });
    await checkPage(page, `/lists/${list.id}`, async (p) => {
      await expect(p.getByRole('button', { name: /^Move .* down$/ }).first()).toBeVisible();
      await p.getByLabel('Search albums').fill('blue');
      await expect(p.getByRole('list', { name: 'Search results' })).toBeVisible();
    });
    await checkPage(page, `/album/${ALBUM}`, async (p) => {
      await expect(p.getByRole('navigation', { name: 'Lists with this album' })).toBeVisible();
      await p.getByRole('button', { name: 'Add to list' }).click();
      await expect(p.getByRole('dialog').getByRole('button', { name: `Add to ${UNBROKEN_TITLE}` })).toBeVisible();
    });
    await checkPage(page, `/profile/${me.name}`, async (p) => {
      await p.getByRole('tab', { name: 'Media' }).click();
      await expect(p.getByRole('link', { name: UNBROKEN_TITLE })).toBeVisible();
    });
    const visitor = await newListener();
    await checkPage(visitor, `/lists/${list.id}`, async (p) => {
      await expect(p.getByText('The one that started it.')).toBeVisible();
    });
  });

  test('the home feed, full and empty, and recent activity pass axe and fit the screen', async ({
    page,
    newListener,
  }) => {
    // Three sign-ups, two ratings and six pages through axe, as the admin dashboard's test does:
    // 60 s ran out on a loaded 2-core machine.
    test.setTimeout(90_000);
    const writer = newAccount('writer');
    const other = await newListener();
    const writerId = await signUpWithProfileViaApi(other, writer, 'Listening.');
    // A long note title in the feed: it must wrap, not push the page sideways.
    await writeNote(other, UNBROKEN_TITLE);
    await rateSongs(other, RATED_BY_FRIEND, [9, 8]);
    const visitor = await newListener();
    await checkPage(visitor, '/', async (p) => {
      await expect(p.getByRole('list', { name: 'Recent activity' }).getByRole('listitem').first()).toBeVisible();
    });
    await signUpWithProfileViaApi(page, newAccount('reader'), 'Listening.');
    await checkPage(page, '/', async (p) => {
      await expect(p.getByText(/Nothing in your feed yet/)).toBeVisible();
    });
    const followed = await page.request.post(`/api/users/${writerId}/follow`, { headers: sameOrigin() });
    expect(followed.status()).toBe(200);
    await checkPage(page, '/', async (p) => {
      await expect(p.getByRole('list', { name: 'Your feed' }).getByRole('listitem')).toHaveCount(2);
    });
  });

  test('the header search with results passes axe', async ({ page }) => {
    await signUpWithProfileViaApi(page, newAccount('searcher'), 'Listening.');
    await page.setViewportSize(SIZES[0]);
    await page.goto('/');
    await page.getByRole('combobox').first().fill('blue');
    await expect(page.getByRole('option').first()).toBeVisible();
    expect(await accessibilityProblems(page, 'header search open')).toEqual([]);
  });

  test('the admin dashboard passes axe and fits the screen, every tab', async ({ page, newListener }) => {
    test.setTimeout(90_000);
    // Something in each tab: a member with a long note, and an invitation.
    const writer = newAccount('writer');
    const other = await newListener();
    await signUpWithProfileViaApi(other, writer, 'Listening.');
    await writeNote(other, UNBROKEN_TITLE);
    await becomeAdmin(page);
    const invite = await page.request.post('/api/admin/invites', { data: {}, headers: sameOrigin() });
    expect(invite.status()).toBe(201);
    await checkPage(page, '/admin');
    for (const tab of ['members', 'posts', 'registration']) {
      await checkPage(page, `/admin?tab=${tab}`, async (p) => {
        await expect(p.getByRole('tabpanel').getByRole('list').first()).toBeVisible();
      });
    }
  });

  // Tagged: it closes registration to every browser, so it runs alone after the other journeys (playwright.config.ts).
  test('Create Account by invitation and when closed passes axe and fits the screen', {
    tag: '@registration-mode',
  }, async ({ page, newListener }) => {
    await becomeAdmin(page);
    const visitor = await newListener();
    const setMode = async (mode: string) => {
      const res = await page.request.put('/api/admin/registration', { data: { mode }, headers: sameOrigin() });
      expect(res.status()).toBe(200);
    };
    try {
      await setMode('invite');
      await checkPage(visitor, '/create-account?invite=abc', async (p) => {
        await expect(p.getByLabel('Invitation code')).toBeVisible();
      });
      await setMode('closed');
      await checkPage(visitor, '/create-account', async (p) => {
        await expect(p.getByText('New accounts are not being accepted on this site right now.')).toBeVisible();
      });
    } finally {
      // The server is shared by every spec: later ones sign people up.
      await setMode('open');
    }
  });
});
