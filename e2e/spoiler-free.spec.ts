import { accessibilityProblems, SIZES } from './accessibility.ts';
import { expect, newAccount, rateSongs, sameOrigin, signUpWithProfileViaApi, test } from './fixtures.ts';

// Spoiler-free scores: a listener turns the setting on and meets an album they have not rated
// without its scores, on the page and in what the server sends; "Show anyway" and a rating of
// their own bring them back.

const HIDDEN = 'radiohead-ok-computer';
const RATED = 'kendrick-lamar-damn';

test('a spoiler-free listener sees no scores of an unrated album until "Show anyway", and the API sends none', async ({
  page,
  newListener,
}) => {
  test.setTimeout(60_000);
  const friend = await newListener();
  const friendId = await signUpWithProfileViaApi(friend, newAccount('sfriend'), 'Opinions.');
  await rateSongs(friend, HIDDEN, [9, 8, 10]);
  await rateSongs(friend, RATED, [6]);

  await signUpWithProfileViaApi(page, newAccount('unspoiled'), 'Ears first.');
  expect((await page.request.post(`/api/users/${friendId}/follow`, { headers: sameOrigin() })).ok()).toBe(true);

  await page.goto('/settings');
  const scores = page.getByRole('region', { name: 'Scores' });
  const toggle = scores.getByRole('switch', { name: 'Spoiler-free scores' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(scores.getByText('Score settings saved.')).toBeVisible();
  await expect(toggle).toBeChecked();
  const problems = await accessibilityProblems(page, 'settings with the Scores section');

  await page.goto(`/album/${HIDDEN}`);
  const ratings = page.getByRole('region', { name: 'Ratings' });
  await expect(ratings.getByText(/Scores are hidden until you rate this album/)).toBeVisible();
  await expect(ratings.getByRole('list', { name: 'Listeners by rating' })).toHaveCount(0);
  await expect(page.getByTestId('community-rating')).toHaveText('Community ratings hidden until you rate it');
  await expect(page.getByRole('region', { name: "Friends' ratings" })).toContainText(
    'person you follow rated it. Their ratings show once you rate it.',
  );
  await expect(page.getByTitle('Community average').filter({ hasText: '★' })).toHaveCount(0);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(ratings.getByRole('button', { name: 'Show anyway' })).toBeVisible();
    problems.push(...(await accessibilityProblems(page, `album with hidden scores at ${size.width}px`)));
  }
  expect(problems).toEqual([]);

  // Asked directly, with the listener's own cookie, the server keeps them back too.
  const community = await (await page.request.get(`/api/albums/${HIDDEN}/community`)).json();
  expect(community).toMatchObject({ scoresHidden: true, histogram: [], ranks: { year: null, genre: null } });
  expect(community.listeners.average).toBeNull();
  const detail = await (await page.request.get(`/api/music/albums/${HIDDEN}`)).json();
  expect([detail.listeners.average, detail.community.average]).toEqual([null, null]);
  const friends = await (await page.request.get(`/api/albums/${HIDDEN}/friends`)).json();
  expect(friends).toMatchObject({ ratings: [], scoresHidden: true });
  const search = await (await page.request.get('/api/music/search?q=ok%20computer')).json();
  const card = search.albums.find((album: { id: string }) => album.id === HIDDEN);
  expect(card.listeners).toEqual({ count: expect.any(Number), average: null });

  // "Show anyway": this album's scores and friends' ratings, and only this album's.
  await ratings.getByRole('button', { name: 'Show anyway' }).click();
  await expect(ratings.getByRole('list', { name: 'Listeners by rating' })).toBeVisible();
  await expect(page.getByTestId('community-rating')).toContainText('Community: ');
  await expect(
    page.getByRole('region', { name: "Friends' ratings" }).getByRole('img', { name: '4.5 of 5 stars' }),
  ).toBeVisible();
  expect((await (await page.request.get(`/api/albums/${RATED}/community`)).json()).scoresHidden).toBe(true);

  // Rating a song of another album shows that album's scores.
  await page.goto(`/album/${RATED}`);
  await expect(page.getByTestId('community-rating')).toHaveText('Community ratings hidden until you rate it');
  const first = page.getByRole('list').getByRole('slider').first();
  await first.focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('community-rating')).toContainText('Community: ');
  await expect(
    page.getByRole('region', { name: 'Ratings' }).getByRole('list', { name: 'Listeners by rating' }),
  ).toBeVisible();
});
