import { expect, newAccount, rateSongs, signUpWithProfileViaApi, test } from './fixtures.ts';

// No other journey counts this album's ratings.
const ALBUM = 'pixies-doolittle';

test('a listener follows another who reviews an album: it leads her home page, its links open the review (where she likes and answers it) and the album', async ({
  newListener,
}) => {
  const ana = await newListener();
  const bo = await newListener();
  const anaAccount = newAccount('ana');
  const boAccount = newAccount('bo');
  await signUpWithProfileViaApi(bo, boAccount, 'Surf rock, mostly.');
  await signUpWithProfileViaApi(ana, anaAccount, 'Indie at night.');

  // Nobody followed yet: the feed says how to fill it.
  await ana.goto('/');
  await expect(ana.getByRole('heading', { name: 'Your feed', level: 1 })).toBeVisible();
  await expect(ana.getByText(/Nothing in your feed yet\. Follow people/)).toBeVisible();
  await expect(ana.getByRole('heading', { name: 'Discover. Rate. Share.' })).toHaveCount(0);

  await ana.goto(`/profile/${boAccount.name}`);
  await ana.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(ana.getByRole('button', { name: 'Following' })).toBeVisible();

  // Bo rates two songs and keeps the album with a review.
  await rateSongs(bo, ALBUM, [9, 8]);
  await bo.goto(`/album/${ALBUM}`);
  await bo.getByRole('button', { name: 'Add to Collection' }).click();
  const modal = bo.getByRole('dialog', { name: 'Write a Review for "Doolittle"' });
  await modal.getByLabel('Review').fill('Debaser, forever.');
  await modal.getByRole('button', { name: 'Create Review & Add to Collection' }).click();
  await expect(modal).toBeHidden();

  // Ana's home page leads with it: the review with its stars (his rating of the album that day
  // says nothing more, so it is not repeated).
  await ana.goto('/');
  const feed = ana.getByRole('list', { name: 'Your feed' });
  await expect(feed.getByRole('listitem')).toHaveCount(1);
  const review = feed.getByRole('listitem').filter({ hasText: 'reviewed' });
  await expect(review).toContainText(`${boAccount.name} reviewed Doolittle`);
  await expect(review).toContainText('4.3 stars');
  await expect(review).toContainText('Pixies · Just now');

  // The review has a page of its own: she reads it there, likes it and answers it.
  await review.getByRole('link', { name: `Read the review by ${boAccount.name}` }).click();
  await expect(ana).toHaveURL(/\/post\/[^/]+$/);
  await expect(ana.getByRole('heading', { name: 'Doolittle', level: 1 })).toBeVisible();
  await expect(ana.getByText('Debaser, forever.')).toBeVisible();
  await expect(ana.getByRole('link', { name: boAccount.name, exact: true })).toHaveAttribute(
    'href',
    `/profile/${boAccount.name}`,
  );
  const heart = ana.getByRole('button', { name: /^Like Doolittle/ });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toContainText('1 like');
  await ana.getByLabel('Add a comment').fill('Wave of mutilation, too.');
  await ana.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(ana.getByRole('region', { name: 'Comments' }).getByText('Wave of mutilation, too.')).toBeVisible();
  await expect(ana.getByRole('link', { name: '1 comment' })).toBeVisible();

  await ana.goBack();
  await review.getByRole('link', { name: 'Doolittle' }).click();
  await expect(ana).toHaveURL(new RegExp(`/album/${ALBUM}$`));
  await expect(ana.getByRole('heading', { name: 'Doolittle', level: 1 })).toBeVisible();

  // A visitor keeps the hero, and sees the review in everyone's recent activity.
  const visitor = await newListener();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: 'Discover. Rate. Share.' })).toBeVisible();
  const recent = visitor.getByRole('region', { name: 'Recent activity' });
  await expect(recent.getByRole('listitem').filter({ hasText: `${boAccount.name} reviewed Doolittle` })).toBeVisible();
});
