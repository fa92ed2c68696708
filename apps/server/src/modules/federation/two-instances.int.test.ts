import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/build-app.ts';
import type { Json } from '../../test/http.ts';
import { call, createUser, type TestUser } from '../../test/users.ts';
import { waitFor } from '../../test/wait-for.ts';

/**
 * Two liner sites on this machine, each on its own database, federating over HTTP as two servers
 * on the internet would (signed deliveries, WebFinger, Fedify's queue on each side).
 */
const FEDERATED = { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE: 'on', RATE_LIMIT_WRITES: '100000' };
const ALBUM = 'miles-davis-kind-of-blue';
// Both sites matched the album to the same MusicBrainz release group.
const MBID = '8e8a594f-5fdd-3f6a-a3da-0a4b0d2a8e1f';

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({ env: FEDERATED });
  b = await createTestApp({ env: FEDERATED });
  for (const site of [a, b]) {
    await site.database.handle.db.updateTable('albums').set({ mbid: MBID }).where('id', '=', ALBUM).execute();
  }
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const host = (site: TestApp) => new URL(site.baseUrl).host;
const as = (site: TestApp, who: TestUser, path: string, method = 'GET', body?: unknown) =>
  call(site, path, { method, body, cookie: who.cookie, ip: who.ip });

/** `who` of site `from` finds `whom` of site `on` by their address and follows them. */
async function follow(from: TestApp, who: TestUser, on: TestApp, whom: TestUser): Promise<string> {
  const found = await as(from, who, `/api/federation/people?handle=${encodeURIComponent(`@${whom.name}@${host(on)}`)}`);
  expect(found.status).toBe(200);
  expect(found.body.displayName).toBe(`${whom.name}@${host(on)}`);
  const asked = await as(from, who, `/api/users/${found.body.userId}/follow`, 'POST', {});
  expect(asked.status).toBe(200);
  // Until their server answers, it is a request.
  expect(asked.body).toMatchObject({ following: false, requested: true });
  return found.body.userId;
}

const followState = (site: TestApp, who: TestUser, userId: string) =>
  as(site, who, `/api/users/${userId}/follow`).then((res) => res.body as { following: boolean; requested: boolean });

async function review(site: TestApp, who: TestUser, text: string): Promise<string> {
  const album = await call(site, `/api/music/albums/${ALBUM}`);
  await as(site, who, `/api/albums/${ALBUM}/tracks/${album.body.tracks[0].id}/rating`, 'PUT', { rating: 9 });
  const added = await as(site, who, '/api/users/me/collection', 'POST', {
    albumId: ALBUM,
    review: text,
    reviewVisibility: 'public',
  });
  expect(added.status).toBe(201);
  return added.body.reviewPostId;
}

const feedReviews = async (site: TestApp, who: TestUser) =>
  ((await as(site, who, '/api/feed')).body.entries as Json[]).filter((entry) => entry.action === 'new_review');

describe('two liner sites', () => {
  it('a member of A follows one of B, sees their review in the feed and on the album page, likes and replies; B deletes it and it goes', async () => {
    const ana = await createUser(a, { name: `ana_${Date.now().toString(36)}` });
    const bea = await createUser(b, { name: `bea_${Date.now().toString(36)}` });
    const beaOnA = await follow(a, ana, b, bea);
    expect(
      (
        await waitFor(
          () => followState(a, ana, beaOnA),
          (s) => s.following,
        )
      ).following,
    ).toBe(true);
    const beaOnB = await call(b, `/api/users/${bea.id}/follow`);
    expect(beaOnB.body.followerCount).toBe(1);

    const postOnB = await review(b, bea, 'Modal bliss, start to finish.');
    const [entry] = await waitFor(
      () => feedReviews(a, ana),
      (entries) => entries.length > 0,
    );
    expect(entry).toMatchObject({
      actor: { userId: beaOnA, displayName: `${bea.name}@${host(b)}` },
      album: { id: ALBUM },
    });
    const postOnA = entry.post.id as string;
    const shown = await call(a, `/api/posts/${postOnA}`);
    expect(shown.body).toMatchObject({ content: 'Modal bliss, start to finish.', rating: 4.5, type: 'review' });
    expect(shown.body.remoteUrl).toMatch(new RegExp(`^${b.baseUrl}/ap/notes/`));
    const community = await call(a, `/api/albums/${ALBUM}/community`);
    expect(community.body.reviews.map((post: Json) => post.id)).toContain(postOnA);

    expect((await as(a, ana, `/api/posts/${postOnA}/like`, 'POST', {})).status).toBe(200);
    const likes = () => call(b, `/api/posts/${postOnB}`).then((res) => res.body.likesCount as number);
    expect(await waitFor(likes, (count) => count === 1)).toBe(1);
    const commented = await as(a, ana, `/api/posts/${postOnA}/comments`, 'POST', { content: 'Agreed, and so blue.' });
    expect(commented.status).toBe(201);
    const comments = () => call(b, `/api/posts/${postOnB}/comments`).then((res) => res.body.comments as Json[]);
    const [reply] = await waitFor(comments, (list) => list.length === 1);
    expect(reply).toMatchObject({ content: 'Agreed, and so blue.', author: { displayName: `${ana.name}@${host(a)}` } });

    // Her edit of the reply, then its deletion, reach B.
    const commentPath = `/api/comments/${commented.body.id}`;
    expect((await as(a, ana, commentPath, 'PATCH', { content: 'Agreed, and so very blue.' })).status).toBe(200);
    const [edited] = await waitFor(comments, (list) => list[0]?.content === 'Agreed, and so very blue.');
    expect(edited?.content).toBe('Agreed, and so very blue.');
    expect((await as(a, ana, commentPath, 'DELETE')).status).toBe(204);
    expect(await waitFor(comments, (list) => list.length === 0)).toEqual([]);
    expect((await call(b, `/api/posts/${postOnB}`)).body.commentsCount).toBe(0);

    expect((await as(b, bea, `/api/posts/${postOnB}`, 'DELETE')).status).toBe(204);
    const gone = await waitFor(
      () => call(a, `/api/posts/${postOnA}`).then((res) => res.status),
      (status) => status === 404,
    );
    expect(gone).toBe(404);
    expect(await feedReviews(a, ana)).toEqual([]);
  });

  it('a block on B stops what B delivers to A', async () => {
    const ana = await createUser(a, { name: `ana2_${Date.now().toString(36)}` });
    const cleo = await createUser(b, { name: `cleo_${Date.now().toString(36)}` });
    const cleoOnA = await follow(a, ana, b, cleo);
    await waitFor(
      () => followState(a, ana, cleoOnA),
      (s) => s.following,
    );
    const anaOnB = await b.database.handle.db
      .selectFrom('remote_actors')
      .select('user_id')
      .where('uri', '=', `${a.baseUrl}/ap/users/${ana.id}`)
      .executeTakeFirstOrThrow();
    expect((await as(b, cleo, `/api/users/${anaOnB.user_id}/block`, 'PUT')).status).toBe(200);

    await review(b, cleo, 'Not for A.');
    await b.app.federationOutbox?.drained();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const onA = await a.database.handle.db.selectFrom('posts').select('id').where('user_id', '=', cleoOnA).execute();
    expect(onA).toEqual([]);
  });

  it('a locked profile on B makes A’s follow a request until its owner approves', async () => {
    const ana = await createUser(a, { name: `ana3_${Date.now().toString(36)}` });
    const dan = await createUser(b, { name: `dan_${Date.now().toString(36)}` });
    await as(b, dan, '/api/users/me/privacy', 'PUT', { locked: true, defaultAudience: 'followers' });
    const danOnA = await follow(a, ana, b, dan);
    const requests = async () => (await as(b, dan, '/api/users/me/follow-requests')).body.people as Json[];
    const [request] = await waitFor(requests, (people) => people.length === 1);
    expect(request.displayName).toBe(`${ana.name}@${host(a)}`);
    expect(await followState(a, ana, danOnA)).toMatchObject({ following: false, requested: true });

    expect((await as(b, dan, `/api/users/me/follow-requests/${request.userId}/approve`, 'POST', {})).status).toBe(200);
    const state = await waitFor(
      () => followState(a, ana, danOnA),
      (s) => s.following,
    );
    expect(state).toMatchObject({ following: true, requested: false });
  });
});
