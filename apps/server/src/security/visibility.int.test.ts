import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/build-app.ts';
import { call, createUser, type TestUser } from '../test/users.ts';
import { fillPath, ownApiRoutes, startWithThreeUsers } from './suite-helpers.ts';

/**
 * Who may read what (ADR 41), for every relationship a reader can stand in to the owner: signed
 * out, a stranger, a follower, someone who asked to follow a locked profile, someone the owner
 * blocked, someone who blocked the owner, the owner, an admin. Each of the owner's reviews, notes
 * and lists is asked for by its address and looked for in the owner's profile tabs, the feeds, the
 * album's page and people search; then, with the profile locked, every GET route the API
 * documents is walked as a non-follower and no hidden item's id or text may appear in any answer.
 */
type Reader = 'anonymous' | 'stranger' | 'follower' | 'pending' | 'blocked' | 'blocker' | 'owner' | 'admin';
type Item =
  | 'notePublic'
  | 'noteFollowers'
  | 'notePrivate'
  | 'reviewFollowers'
  | 'listPublic'
  | 'listUnlisted'
  | 'listFollowers'
  | 'listPrivate';

let t: TestApp;
let owner: TestUser;
const readers = {} as Record<Exclude<Reader, 'anonymous'>, TestUser>;
const ids = {} as Record<Item, string>;
let albumId: string;

/** A text only this item holds, to look for in every answer. */
const secret = (item: Item) => `secret-text-of-${item}`;
const POSTS: Item[] = ['notePublic', 'noteFollowers', 'notePrivate', 'reviewFollowers'];
const LISTS: Item[] = ['listPublic', 'listUnlisted', 'listFollowers', 'listPrivate'];

const as = (reader: Reader) =>
  reader === 'anonymous' ? {} : { cookie: readers[reader].cookie, ip: readers[reader].ip };
const get = (reader: Reader, path: string) => call(t, path, as(reader));
const must = async (res: Promise<{ status: number; body: unknown }>, status = 200) => {
  const { status: got, body } = await res;
  if (got !== status) throw new Error(`setup answered ${got}: ${JSON.stringify(body)}`);
  return body as Record<string, unknown> & { id: string };
};
const by = (who: TestUser, body?: unknown, method?: string) => ({ cookie: who.cookie, ip: who.ip, body, method });

beforeAll(async () => {
  const three = await startWithThreeUsers(1);
  t = three.t;
  owner = three.a;
  readers.owner = owner;
  readers.stranger = three.b;
  readers.admin = three.admin;
  for (const reader of ['follower', 'pending', 'blocked', 'blocker'] as const) readers[reader] = await createUser(t);
  const album = three.albums[0] as { id: string; trackId: string };
  albumId = album.id;

  await must(call(t, `/api/users/${owner.id}/follow`, by(readers.follower, {}, 'POST')));
  // The owner blocks one reader; another reader blocks the owner.
  await must(call(t, `/api/users/${readers.blocked.id}/block`, by(owner, {}, 'PUT')));
  await must(call(t, `/api/users/${owner.id}/block`, by(readers.blocker, {}, 'PUT')));

  const note = async (item: Item, visibility: string) =>
    (ids[item] = (
      await must(call(t, '/api/posts', by(owner, { title: item, content: secret(item), visibility })), 201)
    ).id);
  await note('notePublic', 'public');
  await note('noteFollowers', 'followers');
  await note('notePrivate', 'private');

  await must(call(t, `/api/albums/${album.id}/tracks/${album.trackId}/rating`, by(owner, { rating: 8 }, 'PUT')));
  const entry = await must(
    call(
      t,
      '/api/users/me/collection',
      by(owner, { albumId: album.id, review: secret('reviewFollowers'), reviewVisibility: 'followers' }),
    ),
    201,
  );
  ids.reviewFollowers = String(entry.reviewPostId);

  const list = async (item: Item, visibility: string) =>
    (ids[item] = (
      await must(
        call(
          t,
          '/api/lists',
          by(owner, { title: item, description: secret(item), kind: 'album', visibility, itemIds: [album.id] }),
        ),
        201,
      )
    ).id);
  await list('listPublic', 'public');
  await list('listUnlisted', 'unlisted');
  await list('listFollowers', 'followers');
  await list('listPrivate', 'private');
}, 60_000);
afterAll(async () => t.close());

/** What each reader may open by address while the profile is open (not locked). */
const OPEN: Record<Reader, Item[]> = {
  anonymous: ['notePublic', 'listPublic', 'listUnlisted'],
  stranger: ['notePublic', 'listPublic', 'listUnlisted'],
  pending: ['notePublic', 'listPublic', 'listUnlisted'],
  // An admin reads as a member here; what was reported reaches them through the moderation queue.
  admin: ['notePublic', 'listPublic', 'listUnlisted'],
  follower: ['notePublic', 'noteFollowers', 'reviewFollowers', 'listPublic', 'listUnlisted', 'listFollowers'],
  blocked: [],
  blocker: [],
  owner: [...POSTS, ...LISTS],
};

/** With the profile locked, 'public' narrows to followers too. */
const LOCKED: Record<Reader, Item[]> = {
  ...OPEN,
  anonymous: [],
  stranger: [],
  pending: [],
  admin: [],
};

const READERS = Object.keys(OPEN) as Reader[];
const addressOf = (item: Item) => (POSTS.includes(item) ? `/api/posts/${ids[item]}` : `/api/lists/${ids[item]}`);

async function expectAddresses(expected: Record<Reader, Item[]>) {
  for (const reader of READERS) {
    for (const item of [...POSTS, ...LISTS]) {
      const res = await get(reader, addressOf(item));
      const readable = expected[reader].includes(item);
      expect(res.status, `${reader} opening ${item}`).toBe(readable ? 200 : 404);
      // Hidden and missing answer alike.
      if (!readable) expect(res.body.error.code).toBe(POSTS.includes(item) ? 'POST_NOT_FOUND' : 'LIST_NOT_FOUND');
    }
  }
}

const idsIn = (body: unknown) => JSON.stringify(body);
const shownOf = (body: unknown) => [...POSTS, ...LISTS].filter((item) => idsIn(body).includes(ids[item]));

describe('an open profile', () => {
  it('each review, note and list opens by its address exactly for those its audience allows', async () => {
    await expectAddresses(OPEN);
  });

  it("the owner's posts and lists tabs show each reader what they may read, and refuse across a block", async () => {
    for (const reader of READERS) {
      const posts = await get(reader, `/api/users/${owner.id}/posts`);
      const lists = await get(reader, `/api/users/${owner.id}/lists`);
      if (reader === 'blocked' || reader === 'blocker') {
        expect(posts.status, reader).toBe(404);
        expect(posts.body.error).toEqual({ code: 'PROFILE_UNAVAILABLE', message: 'This profile is not available' });
        expect(lists.status, reader).toBe(404);
        continue;
      }
      const listed = OPEN[reader].filter((item) => item !== 'listUnlisted' || reader === 'owner');
      expect(shownOf([posts.body, lists.body]).sort(), reader).toEqual([...listed].sort());
    }
  });

  it("the album's reviews and lists, the feed and recent activity hold only what the reader may read", async () => {
    const community = await get('stranger', `/api/albums/${albumId}/community`);
    expect(shownOf(community.body)).toEqual([]);
    expect(shownOf((await get('follower', `/api/albums/${albumId}/community`)).body)).toEqual(['reviewFollowers']);
    expect(shownOf((await get('anonymous', `/api/albums/${albumId}/lists`)).body)).toEqual(['listPublic']);
    expect(shownOf((await get('follower', `/api/albums/${albumId}/lists`)).body).sort()).toEqual(
      ['listFollowers', 'listPublic'].sort(),
    );
    expect(shownOf((await get('blocked', `/api/albums/${albumId}/lists`)).body)).toEqual([]);

    const feed = await get('follower', '/api/feed');
    expect(shownOf(feed.body).sort()).toEqual(
      ['listFollowers', 'listPublic', 'noteFollowers', 'notePublic', 'reviewFollowers'].sort(),
    );
    for (const reader of ['anonymous', 'stranger'] as const) {
      expect(shownOf((await get(reader, '/api/activity/recent')).body).sort(), reader).toEqual(
        ['listPublic', 'notePublic'].sort(),
      );
    }
    expect(shownOf((await get('blocked', '/api/activity/recent')).body)).toEqual([]);
  });

  it('a blocked person cannot like or comment, and the blocker no longer reads their comments', async () => {
    const like = await call(t, `/api/posts/${ids.notePublic}/like`, by(readers.blocked, {}, 'POST'));
    expect(like.status).toBe(404);
    const comment = await call(t, `/api/posts/${ids.notePublic}/comments`, by(readers.blocked, { content: 'hello' }));
    expect(comment.status).toBe(404);

    // A stranger comments, then the owner blocks them: the owner's thread no longer shows it.
    const stranger = await createUser(t);
    const said = await call(t, `/api/posts/${ids.notePublic}/comments`, by(stranger, { content: 'from a stranger' }));
    expect(said.status).toBe(201);
    expect(idsIn((await get('owner', `/api/posts/${ids.notePublic}/comments`)).body)).toContain('from a stranger');
    await must(call(t, `/api/users/${stranger.id}/block`, by(owner, {}, 'PUT')));
    expect(idsIn((await get('owner', `/api/posts/${ids.notePublic}/comments`)).body)).not.toContain('from a stranger');
    // Everyone else still reads it.
    expect(idsIn((await get('follower', `/api/posts/${ids.notePublic}/comments`)).body)).toContain('from a stranger');
  });

  it('people search finds nobody across a block', async () => {
    const name = encodeURIComponent(owner.name);
    expect(idsIn((await get('stranger', `/api/users/search?q=${name}`)).body)).toContain(owner.id);
    expect(idsIn((await get('blocked', `/api/users/search?q=${name}`)).body)).not.toContain(owner.id);
    expect(idsIn((await get('blocker', `/api/users/search?q=${name}`)).body)).not.toContain(owner.id);
  });

  it('an answer made for a signed-in member is private, no-store', async () => {
    const res = await get('follower', `/api/posts/${ids.noteFollowers}`);
    expect(res.response.headers.get('cache-control')).toBe('private, no-store');
    const tab = await get('follower', `/api/users/${owner.id}/posts`);
    expect(tab.response.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('a locked profile', () => {
  beforeAll(async () => {
    await must(call(t, '/api/users/me/privacy', by(owner, { locked: true, defaultAudience: 'public' }, 'PUT')));
    const asked = await must(call(t, `/api/users/${owner.id}/follow`, by(readers.pending, {}, 'POST')));
    expect(asked.requested).toBe(true);
  });

  it('only approved followers read even its public items', async () => {
    await expectAddresses(LOCKED);
  });

  it('its head stays readable, its content tabs refuse non-followers', async () => {
    const profile = await get('stranger', `/api/profiles/${encodeURIComponent(owner.name)}`);
    expect(profile.status).toBe(200);
    for (const tab of [
      'posts',
      'lists',
      'diary',
      'likes',
      'collection',
      'stats',
      'favourites',
      'ratelater',
      'followers',
    ]) {
      for (const reader of ['anonymous', 'stranger', 'pending', 'admin'] as const) {
        const res = await get(reader, `/api/users/${owner.id}/${tab}`);
        expect(res.status, `${reader} on ${tab}`).toBe(403);
        expect(res.body.error).toEqual({ code: 'PROFILE_PRIVATE', message: 'Only approved followers can see this' });
      }
      expect((await get('follower', `/api/users/${owner.id}/${tab}`)).status, `follower on ${tab}`).toBe(200);
    }
  });

  it('no GET route of the API shows a non-follower any hidden item, by id or by text', async () => {
    const routes = ownApiRoutes(t).filter((route) => route.method === 'GET');
    expect(routes.length).toBeGreaterThan(40);
    const postIds = POSTS.map((item) => ids[item]);
    const listIds = LISTS.map((item) => ids[item]);
    for (const route of routes) {
      // Each post and list address is tried with every hidden item in turn.
      const postChoices = route.url.includes(':postId') ? postIds : [postIds[0] as string];
      const listChoices = route.url.includes(':listId') ? listIds : [listIds[0] as string];
      for (const postId of postChoices) {
        for (const listId of listChoices) {
          const path = fillPath(route.url, {
            userId: owner.id,
            displayName: encodeURIComponent(owner.name),
            postId,
            listId,
            albumId,
            id: albumId,
            artistId: 'x',
          });
          for (const reader of ['anonymous', 'stranger', 'pending'] as const) {
            const res = await get(reader, path);
            expect(res.status, `${reader} GET ${path}`).toBeLessThan(500);
            const text = JSON.stringify(res.body);
            for (const item of [...POSTS, ...LISTS]) {
              expect(
                text.includes(ids[item]) || text.includes(secret(item)),
                `${reader} GET ${path} shows ${item}`,
              ).toBe(false);
            }
          }
        }
      }
    }
  }, 120_000);

  it('approving the request opens the content to the new follower', async () => {
    await must(call(t, `/api/users/me/follow-requests/${readers.pending.id}/approve`, by(owner, {}, 'POST')));
    expect((await get('pending', addressOf('noteFollowers'))).status).toBe(200);
    expect((await get('pending', addressOf('notePrivate'))).status).toBe(404);
    expect((await get('pending', `/api/users/${owner.id}/posts`)).status).toBe(200);
  });
});
