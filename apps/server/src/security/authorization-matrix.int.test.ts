import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/build-app.ts';
import { call, createUser, nextIp, type TestUser } from '../test/users.ts';
import { send, startWithThreeUsers } from './suite-helpers.ts';

/**
 * Who may do what, for every route the app registers. A is the owner of the resources in the paths
 * (A's posts, A's collection entries, A's profile); B is another signed-in user trying the same
 * request on A's resources; the admin is a third account with the admin role. Routes under
 * /users/me act on the caller: there B and the admin reach their own data, never A's.
 *
 * A route that is registered but missing from the table fails the suite: a new route has to be
 * classified here before it ships.
 */
let t: TestApp;
let a: TestUser;
let b: TestUser;
let admin: TestUser;
let albums: { id: string; trackId: string }[];
let picture: Buffer;

type Actor = 'anonymous' | 'owner' | 'other' | 'admin';
/** Owner last: a request that deletes A's resource runs after the others have tried it. */
const ACTORS: Actor[] = ['anonymous', 'other', 'admin', 'owner'];

interface Ctx {
  actor: Actor;
  user: TestUser | null;
}

interface Row {
  /** The path to request (A's resources in it); may create a fresh resource for each actor. */
  path: (ctx: Ctx) => string | Promise<string>;
  /** A JSON body, or a function for one that needs ids known only once the app runs. */
  body?: unknown;
  multipart?: boolean;
  /** A multipart form of its own (the default is a profile picture). */
  form?: () => FormData;
  /** Runs once before the four requests. */
  setup?: () => Promise<void>;
  expect: Record<Actor, number>;
}

const everyone = (status: number) => ({ anonymous: status, owner: status, other: status, admin: status });
const signedIn = (status: number) => ({ anonymous: 401, owner: status, other: status, admin: status });
const adminOnly = (status: number) => ({ anonymous: 401, owner: 403, other: 403, admin: status });

const album = (n: number) => albums[n] as { id: string; trackId: string };
const ok = async (res: Promise<{ status: number }>, ...accepted: number[]) => {
  const { status } = await res;
  if (!accepted.includes(status)) throw new Error(`setup request answered ${status}`);
};

async function newPostOfA(): Promise<string> {
  const res = await call(t, '/api/posts', { body: { title: 'mine', content: 'mine' }, cookie: a.cookie, ip: a.ip });
  if (res.status !== 201) throw new Error(`could not create A's post: ${res.status}`);
  return res.body.id;
}

async function newListenOfA(): Promise<string> {
  const res = await call(t, `/api/albums/${album(0).id}/listens`, {
    body: { listenedOn: '2024-01-01' },
    cookie: a.cookie,
    ip: a.ip,
  });
  if (res.status !== 201) throw new Error(`could not log A's listen: ${res.status}`);
  return res.body.id;
}

/** A's album list holding album 0, made afresh for each request. */
async function newListOfA(): Promise<string> {
  const res = await call(t, '/api/lists', {
    body: { title: 'mine', kind: 'album', itemIds: [album(0).id] },
    cookie: a.cookie,
    ip: a.ip,
  });
  if (res.status !== 201) throw new Error(`could not create A's list: ${res.status}`);
  return res.body.id;
}

async function newCommentOfA(): Promise<string> {
  const postId = await newPostOfA();
  const res = await call(t, `/api/posts/${postId}/comments`, { body: { content: 'mine' }, cookie: a.cookie, ip: a.ip });
  if (res.status !== 201) throw new Error(`could not create A's comment: ${res.status}`);
  return res.body.id;
}

/** A small RateYourMusic export: one album the catalogue has, one it does not (left to resolve). */
function rymForm(): FormData {
  const csv =
    'RYM Album, First Name,Last Name,First Name localized, Last Name localized,Title,Release_Date,Rating,Ownership,Purchase Date,Media Type,Review\r\n' +
    '"1","","Matrix Unknowns","","","Nobody Made This","2001","6","n","","",""\r\n';
  const form = new FormData();
  form.append('source', 'rym');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'rym.csv');
  return form;
}

/** A's import, read to the end, with its one unmatched row: made afresh for each request. */
async function newUnmatchedRowOfA(): Promise<string> {
  // A has one import at a time: read whatever A left unfinished first.
  await t.app.imports.worker.runWaiting();
  const response = await fetch(`${t.baseUrl}/api/imports`, {
    method: 'POST',
    headers: { origin: t.baseUrl, 'x-forwarded-for': a.ip, cookie: a.cookie },
    body: rymForm(),
  });
  if (response.status !== 201) throw new Error(`could not start A's import: ${response.status}`);
  const { id } = (await response.json()) as { id: string };
  if ((await t.app.imports.worker.runJob(id)) !== 'done') throw new Error("A's import did not finish");
  return `/api/imports/${id}/rows/1`;
}

async function newPlaylist(): Promise<string> {
  const id = `37i9dQZF1DX${Math.random().toString(36).slice(2, 13).padEnd(11, '0')}`;
  const res = await call(t, '/api/admin/featured-playlists', {
    body: { spotifyUrl: `https://open.spotify.com/playlist/${id}`, title: 'Matrix' },
    cookie: admin.cookie,
    ip: admin.ip,
  });
  if (res.status !== 201) throw new Error(`could not create a playlist: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** An account of its own for each request that suspends or deletes one, so A, B and the admin stay. */
async function newMember(): Promise<string> {
  return (await createUser(t)).id;
}

let reportedPost = '';

/** A's post with B's open report on it, made afresh for each request. */
async function newReportedPostOfA(): Promise<string> {
  const postId = await newPostOfA();
  const res = await call(t, '/api/reports', {
    body: { subjectType: 'post', subjectId: postId, reason: 'spam' },
    cookie: b.cookie,
    ip: b.ip,
  });
  if (res.status !== 201) throw new Error(`could not report A's post: ${res.status}`);
  return postId;
}

async function newInvite(): Promise<string> {
  const res = await call(t, '/api/admin/invites', { body: {}, cookie: admin.cookie, ip: admin.ip });
  if (res.status !== 201) throw new Error(`could not create an invite: ${res.status}`);
  return res.body.code;
}

const TABLE: Record<string, Row> = {
  'GET /api/health': { path: () => '/api/health', expect: everyone(200) },
  'GET /api/ready': { path: () => '/api/ready', expect: everyone(200) },
  'GET /api/config': { path: () => '/api/config', expect: everyone(200) },
  // The public API reference (plugins/api-docs.ts).
  'GET /api/openapi.json': { path: () => '/api/openapi.json', expect: everyone(200) },
  'GET /api/docs': { path: () => '/api/docs', expect: everyone(200) },
  'GET /api/docs/json': { path: () => '/api/docs/json', expect: everyone(200) },
  'GET /api/docs/yaml': { path: () => '/api/docs/yaml', expect: everyone(200) },
  // An old address of the page: redirects to /api/docs.
  'GET /api/docs/static/index.html': { path: () => '/api/docs/static/index.html', expect: everyone(302) },
  'GET /api/docs/static/swagger-initializer.js': {
    path: () => '/api/docs/static/swagger-initializer.js',
    expect: everyone(200),
  },
  'GET /api/docs/static/theme/favicon.svg': {
    path: () => '/api/docs/static/theme/favicon.svg',
    expect: everyone(200),
  },
  'GET /api/docs/static/*': { path: () => '/api/docs/static/swagger-ui.css', expect: everyone(200) },
  // Better Auth checks its own sessions per endpoint; see 'Better Auth endpoints' below.
  'GET /api/auth/*': { path: () => '/api/auth/list-sessions', expect: signedIn(200) },
  // Answers everyone, with null for a visitor (auth/session-reader.ts keeps the answers a second).
  'GET /api/auth/get-session': { path: () => '/api/auth/get-session', expect: everyone(200) },
  'POST /api/auth/*': {
    path: () => '/api/auth/update-user',
    body: (ctx: Ctx) => ({ name: ctx.user?.name ?? 'Nobody' }),
    expect: signedIn(200),
  },
  'GET /api/files/*': { path: () => '/api/files/matrix/a.webp', expect: everyone(200) },
  'GET /api/users/search': { path: () => `/api/users/search?q=${encodeURIComponent(a.name)}`, expect: everyone(200) },
  'GET /api/profiles/:displayName': {
    path: () => `/api/profiles/${encodeURIComponent(a.name)}`,
    expect: everyone(200),
  },
  'GET /api/users/me/profile': { path: () => '/api/users/me/profile', expect: signedIn(200) },
  'PUT /api/users/me/profile': { path: () => '/api/users/me/profile', body: { bio: 'hi' }, expect: signedIn(200) },
  'POST /api/users/me/profile/picture': {
    path: () => '/api/users/me/profile/picture',
    multipart: true,
    expect: signedIn(200),
  },
  'POST /api/users/me/profile/migrate': {
    path: () => '/api/users/me/profile/migrate',
    body: {},
    expect: signedIn(200),
  },
  'GET /api/music/albums/:id': { path: () => `/api/music/albums/${album(0).id}`, expect: everyone(200) },
  'GET /api/music/new-releases': { path: () => '/api/music/new-releases', expect: everyone(200) },
  'GET /api/music/search': { path: () => '/api/music/search?q=a', expect: everyone(200) },
  'GET /api/music/top-albums': { path: () => '/api/music/top-albums', expect: everyone(200) },
  'GET /api/music/top-songs': { path: () => '/api/music/top-songs', expect: everyone(200) },
  'GET /api/charts/albums': { path: () => '/api/charts/albums?decade=1990&genre=rock', expect: everyone(200) },
  'GET /api/charts/songs': { path: () => '/api/charts/songs?year=1997', expect: everyone(200) },
  'GET /api/genres': { path: () => '/api/genres', expect: everyone(200) },
  'GET /api/music/albums': {
    path: () => '/api/music/albums?genre=rock&decade=1990&sort=popular',
    expect: everyone(200),
  },
  'GET /api/artists/:id': { path: () => '/api/artists/radiohead', expect: everyone(200) },
  'GET /api/albums/:albumId/friends': { path: () => `/api/albums/${album(0).id}/friends`, expect: signedIn(200) },
  'GET /api/music/covers/:file': { path: () => `/api/music/covers/${album(0).id}.svg`, expect: everyone(200) },
  'GET /api/featured-playlists': { path: () => '/api/featured-playlists', expect: everyone(200) },
  'GET /api/admin/featured-playlists': { path: () => '/api/admin/featured-playlists', expect: adminOnly(200) },
  'POST /api/admin/featured-playlists': {
    path: () => '/api/admin/featured-playlists',
    body: { spotifyUrl: 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M', title: 'Matrix' },
    expect: adminOnly(201),
  },
  'PUT /api/admin/featured-playlists/:id': {
    path: async () => `/api/admin/featured-playlists/${await newPlaylist()}`,
    body: { title: 'Renamed' },
    expect: adminOnly(200),
  },
  'DELETE /api/admin/featured-playlists/:id': {
    path: async () => `/api/admin/featured-playlists/${await newPlaylist()}`,
    expect: adminOnly(204),
  },
  'GET /api/users/:userId/follow': { path: () => `/api/users/${a.id}/follow`, expect: everyone(200) },
  'POST /api/users/:userId/follow': {
    setup: async () => {
      for (const u of [b, admin]) await call(t, `/api/users/${a.id}/follow`, { method: 'DELETE', cookie: u.cookie });
    },
    path: () => `/api/users/${a.id}/follow`,
    body: {},
    // Following oneself is refused.
    expect: { anonymous: 401, owner: 400, other: 200, admin: 200 },
  },
  'DELETE /api/users/:userId/follow': {
    setup: async () => {
      for (const u of [b, admin])
        await call(t, `/api/users/${a.id}/follow`, { method: 'POST', body: {}, cookie: u.cookie });
    },
    path: () => `/api/users/${a.id}/follow`,
    expect: { anonymous: 401, owner: 400, other: 200, admin: 200 },
  },
  'POST /api/posts': { path: () => '/api/posts', body: { title: 't', content: 'c' }, expect: signedIn(201) },
  'GET /api/users/:userId/posts': { path: () => `/api/users/${a.id}/posts`, expect: everyone(200) },
  'GET /api/posts/:postId': { path: async () => `/api/posts/${await newPostOfA()}`, expect: everyone(200) },
  'PATCH /api/posts/:postId': {
    path: async () => `/api/posts/${await newPostOfA()}`,
    body: { content: 'edited' },
    // Only the author edits a post, as only the author deletes it.
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  'DELETE /api/posts/:postId': {
    path: async () => `/api/posts/${await newPostOfA()}`,
    // Only the author deletes a post; the admin role gives no power over other people's posts.
    expect: { anonymous: 401, owner: 204, other: 403, admin: 403 },
  },
  // Anyone signed in likes and comments on anyone's post, their own included.
  'POST /api/posts/:postId/like': {
    path: async () => `/api/posts/${await newPostOfA()}/like`,
    body: {},
    expect: signedIn(200),
  },
  'DELETE /api/posts/:postId/like': {
    path: async ({ user }) => {
      const postId = await newPostOfA();
      if (user) await ok(call(t, `/api/posts/${postId}/like`, { body: {}, cookie: user.cookie }), 200);
      return `/api/posts/${postId}/like`;
    },
    expect: signedIn(200),
  },
  'GET /api/posts/:postId/comments': {
    path: async () => `/api/posts/${await newPostOfA()}/comments`,
    expect: everyone(200),
  },
  'POST /api/posts/:postId/comments': {
    path: async () => `/api/posts/${await newPostOfA()}/comments`,
    body: { content: 'c' },
    expect: signedIn(201),
  },
  // A's comment on A's post: only its author edits it; its author or an admin deletes it.
  'PATCH /api/comments/:commentId': {
    path: async () => `/api/comments/${await newCommentOfA()}`,
    body: { content: 'edited' },
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  'DELETE /api/comments/:commentId': {
    path: async () => `/api/comments/${await newCommentOfA()}`,
    expect: { anonymous: 401, owner: 204, other: 403, admin: 204 },
  },
  'GET /api/users/:userId/likes': { path: () => `/api/users/${a.id}/likes`, expect: everyone(200) },
  // Everyone's bell is their own.
  'GET /api/notifications': { path: () => '/api/notifications', expect: signedIn(200) },
  'GET /api/notifications/unread-count': { path: () => '/api/notifications/unread-count', expect: signedIn(200) },
  'POST /api/notifications/read': { path: () => '/api/notifications/read', body: {}, expect: signedIn(204) },
  'POST /api/lists': { path: () => '/api/lists', body: { title: 't', kind: 'album' }, expect: signedIn(201) },
  'GET /api/lists': { path: () => '/api/lists?sort=popular', expect: everyone(200) },
  'GET /api/lists/:listId': { path: async () => `/api/lists/${await newListOfA()}`, expect: everyone(200) },
  // Lists are liked and commented on as posts are.
  'POST /api/lists/:listId/like': {
    path: async () => `/api/lists/${await newListOfA()}/like`,
    body: {},
    expect: signedIn(200),
  },
  'DELETE /api/lists/:listId/like': {
    path: async ({ user }) => {
      const listId = await newListOfA();
      if (user) await ok(call(t, `/api/lists/${listId}/like`, { body: {}, cookie: user.cookie }), 200);
      return `/api/lists/${listId}/like`;
    },
    expect: signedIn(200),
  },
  'GET /api/lists/:listId/comments': {
    path: async () => `/api/lists/${await newListOfA()}/comments`,
    expect: everyone(200),
  },
  'POST /api/lists/:listId/comments': {
    path: async () => `/api/lists/${await newListOfA()}/comments`,
    body: { content: 'c' },
    expect: signedIn(201),
  },
  'GET /api/users/:userId/lists': { path: () => `/api/users/${a.id}/lists`, expect: everyone(200) },
  'GET /api/albums/:albumId/lists': { path: () => `/api/albums/${album(0).id}/lists`, expect: everyone(200) },
  // Only the owner changes a list; an admin may delete one (moderation), never edit it.
  'PATCH /api/lists/:listId': {
    path: async () => `/api/lists/${await newListOfA()}`,
    body: { title: 'edited' },
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  'DELETE /api/lists/:listId': {
    path: async () => `/api/lists/${await newListOfA()}`,
    expect: { anonymous: 401, owner: 204, other: 403, admin: 204 },
  },
  'POST /api/lists/:listId/entries': {
    path: async () => `/api/lists/${await newListOfA()}/entries`,
    body: () => ({ albumId: album(1).id }),
    expect: { anonymous: 401, owner: 201, other: 403, admin: 403 },
  },
  'DELETE /api/lists/:listId/entries/:itemId': {
    path: async () => `/api/lists/${await newListOfA()}/entries/${album(0).id}`,
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  'PUT /api/lists/:listId/entries/:itemId/note': {
    path: async () => `/api/lists/${await newListOfA()}/entries/${album(0).id}/note`,
    body: { note: 'n' },
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  'PUT /api/lists/:listId/order': {
    path: async () => `/api/lists/${await newListOfA()}/order`,
    body: () => ({ itemIds: [album(0).id] }),
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  'GET /api/albums/:albumId/my-ratings': { path: () => `/api/albums/${album(0).id}/my-ratings`, expect: signedIn(200) },
  'PUT /api/albums/:albumId/tracks/:trackId/rating': {
    path: () => `/api/albums/${album(0).id}/tracks/${album(0).trackId}/rating`,
    body: { rating: 7 },
    expect: signedIn(200),
  },
  'PUT /api/albums/:albumId/my-rating': {
    path: () => `/api/albums/${album(0).id}/my-rating`,
    body: { rating: 7 },
    expect: signedIn(200),
  },
  'GET /api/albums/:albumId/community': { path: () => `/api/albums/${album(0).id}/community`, expect: everyone(200) },
  'GET /api/users/me/collection': { path: () => '/api/users/me/collection', expect: signedIn(200) },
  'POST /api/users/me/collection': {
    setup: async () => {
      for (const u of [a, b, admin])
        await call(t, `/api/users/me/collection/${album(1).id}`, { method: 'DELETE', cookie: u.cookie });
    },
    path: () => '/api/users/me/collection',
    body: () => ({ albumId: album(1).id }),
    expect: signedIn(201),
  },
  // Only A has album 2 in the collection: B and the admin cannot reach A's entry through the path.
  'PUT /api/users/me/collection/:albumId/rating': {
    setup: () =>
      ok(call(t, '/api/users/me/collection', { body: { albumId: album(2).id }, cookie: a.cookie }), 201, 409),
    path: () => `/api/users/me/collection/${album(2).id}/rating`,
    body: { rating: 4.5 },
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  'DELETE /api/users/me/collection/:albumId': {
    setup: () =>
      ok(call(t, '/api/users/me/collection', { body: { albumId: album(2).id }, cookie: a.cookie }), 201, 409),
    path: () => `/api/users/me/collection/${album(2).id}`,
    expect: { anonymous: 401, owner: 204, other: 404, admin: 404 },
  },
  'GET /api/users/:userId/collection': { path: () => `/api/users/${a.id}/collection`, expect: everyone(200) },
  'GET /api/users/me/ratelater': { path: () => '/api/users/me/ratelater', expect: signedIn(200) },
  'POST /api/users/me/ratelater': {
    path: () => '/api/users/me/ratelater',
    body: () => ({ albumId: album(0).id }),
    expect: signedIn(201),
  },
  'DELETE /api/users/me/ratelater/:albumId': {
    setup: () => ok(call(t, '/api/users/me/ratelater', { body: { albumId: album(3).id }, cookie: a.cookie }), 201),
    path: () => `/api/users/me/ratelater/${album(3).id}`,
    expect: { anonymous: 401, owner: 204, other: 404, admin: 404 },
  },
  'GET /api/users/:userId/followers': { path: () => `/api/users/${a.id}/followers`, expect: everyone(200) },
  'GET /api/users/:userId/following': { path: () => `/api/users/${a.id}/following`, expect: everyone(200) },
  'GET /api/feed': { path: () => '/api/feed', expect: signedIn(200) },
  'GET /api/activity/recent': { path: () => '/api/activity/recent', expect: everyone(200) },
  'GET /api/users/:userId/ratelater': { path: () => `/api/users/${a.id}/ratelater`, expect: everyone(200) },
  // A profile's stats and favourite albums are public; the shelf is changed only as one's own.
  'GET /api/users/:userId/stats': { path: () => `/api/users/${a.id}/stats`, expect: everyone(200) },
  'GET /api/users/:userId/favourites': { path: () => `/api/users/${a.id}/favourites`, expect: everyone(200) },
  // A year in review is public as the stats are (a block or a locked profile refuses it: its own tests).
  'GET /api/users/:userId/year/:year': { path: () => `/api/users/${a.id}/year/2026`, expect: everyone(200) },
  // Its picture likewise: what anyone who may read the year may see.
  'GET /api/users/:userId/year/:year/card.png': {
    path: () => `/api/users/${a.id}/year/2026/card.png?size=wide`,
    expect: everyone(200),
  },
  'PUT /api/users/me/favourites': {
    path: () => '/api/users/me/favourites',
    body: () => ({ albumIds: [album(0).id, album(1).id] }),
    expect: signedIn(200),
  },
  // The listening diary: anyone reads it, only its owner changes a listen.
  'POST /api/albums/:albumId/listens': {
    path: () => `/api/albums/${album(0).id}/listens`,
    body: { listenedOn: '2024-01-02' },
    expect: signedIn(201),
  },
  'GET /api/albums/:albumId/listens/mine': {
    path: () => `/api/albums/${album(0).id}/listens/mine`,
    expect: signedIn(200),
  },
  'GET /api/users/:userId/diary': { path: () => `/api/users/${a.id}/diary`, expect: everyone(200) },
  'PATCH /api/listens/:listenId': {
    path: async () => `/api/listens/${await newListenOfA()}`,
    body: { relisten: true },
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  'DELETE /api/listens/:listenId': {
    path: async () => `/api/listens/${await newListenOfA()}`,
    expect: { anonymous: 401, owner: 204, other: 403, admin: 403 },
  },
  // Imports: each person's own; anyone else's answer as missing.
  'POST /api/imports': {
    path: async () => {
      await t.app.imports.worker.runWaiting();
      return '/api/imports';
    },
    multipart: true,
    form: rymForm,
    expect: signedIn(201),
  },
  'GET /api/imports': { path: () => '/api/imports', expect: signedIn(200) },
  'GET /api/imports/:importId': {
    path: async () => (await newUnmatchedRowOfA()).replace('/rows/1', ''),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  'GET /api/imports/:importId/rows': {
    path: async () => (await newUnmatchedRowOfA()).replace('/rows/1', '/rows'),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  'POST /api/imports/:importId/rows/:rowNumber/resolve': {
    path: async () => `${await newUnmatchedRowOfA()}/resolve`,
    body: () => ({ albumId: album(1).id }),
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  'POST /api/imports/:importId/rows/:rowNumber/skip': {
    path: async () => `${await newUnmatchedRowOfA()}/skip`,
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
  },
  'GET /api/users/me/export': { path: () => '/api/users/me/export', expect: signedIn(200) },
  'GET /api/users/me/export.zip': { path: () => '/api/users/me/export.zip', expect: signedIn(200) },
  'GET /api/users/me/sessions': { path: () => '/api/users/me/sessions', expect: signedIn(200) },
  // Nobody ends a session that is not theirs: an unknown id is 404 for everyone signed in.
  'DELETE /api/users/me/sessions/:sessionId': {
    path: () => '/api/users/me/sessions/not-a-session',
    expect: signedIn(404),
  },
  // Blocks, mutes and privacy act on the caller; each request blocks or mutes a member of its own,
  // so A, B and the admin stay reachable for the rows after these (blocks.int.test.ts has the rest).
  'PUT /api/users/:userId/block': { path: async () => `/api/users/${await newMember()}/block`, expect: signedIn(200) },
  'DELETE /api/users/:userId/block': {
    path: async () => `/api/users/${await newMember()}/block`,
    expect: signedIn(200),
  },
  'GET /api/users/me/blocks': { path: () => '/api/users/me/blocks', expect: signedIn(200) },
  'PUT /api/users/:userId/mute': { path: async () => `/api/users/${await newMember()}/mute`, expect: signedIn(200) },
  'DELETE /api/users/:userId/mute': { path: async () => `/api/users/${await newMember()}/mute`, expect: signedIn(200) },
  'GET /api/users/me/mutes': { path: () => '/api/users/me/mutes', expect: signedIn(200) },
  'PUT /api/users/me/privacy': {
    path: () => '/api/users/me/privacy',
    body: { locked: false, defaultAudience: 'public' },
    expect: signedIn(200),
  },
  // Spoiler-free scores act on the caller's own setting and reveals (spoiler-free.int.test.ts has the rest).
  'GET /api/users/me/spoiler-free': { path: () => '/api/users/me/spoiler-free', expect: signedIn(200) },
  'PUT /api/users/me/spoiler-free': {
    path: () => '/api/users/me/spoiler-free',
    body: { spoilerFree: false },
    expect: signedIn(200),
  },
  'PUT /api/users/me/score-reveals/:albumId': {
    path: () => `/api/users/me/score-reveals/${album(0).id}`,
    expect: signedIn(204),
  },
  'DELETE /api/users/me/score-reveals/:albumId': {
    path: () => `/api/users/me/score-reveals/${album(0).id}`,
    expect: signedIn(204),
  },
  'GET /api/users/me/follow-requests': { path: () => '/api/users/me/follow-requests', expect: signedIn(200) },
  // Only requests waiting on the caller: B's request to A is nobody else's to answer
  // (follow-requests.int.test.ts approves and declines).
  'POST /api/users/me/follow-requests/:userId/approve': {
    path: () => `/api/users/me/follow-requests/${b.id}/approve`,
    body: {},
    expect: signedIn(404),
  },
  'POST /api/users/me/follow-requests/:userId/decline': {
    path: () => `/api/users/me/follow-requests/${b.id}/decline`,
    body: {},
    expect: signedIn(404),
  },
  // Without the password nobody's account goes; the deletion itself is tested in account.int.test.ts.
  'DELETE /api/users/me': { path: () => '/api/users/me', body: {}, expect: signedIn(400) },
  // Operating a community (modules/community): admins only, but what the sign-up page reads.
  'GET /api/registration': { path: () => '/api/registration', expect: everyone(200) },
  'GET /api/admin/registration': { path: () => '/api/admin/registration', expect: adminOnly(200) },
  'PUT /api/admin/registration': {
    path: () => '/api/admin/registration',
    body: { mode: 'open' },
    expect: adminOnly(200),
  },
  'POST /api/admin/invites': { path: () => '/api/admin/invites', body: {}, expect: adminOnly(201) },
  'DELETE /api/admin/invites/:code': {
    path: async () => `/api/admin/invites/${await newInvite()}`,
    expect: adminOnly(204),
  },
  'GET /api/admin/members': { path: () => '/api/admin/members', expect: adminOnly(200) },
  'PUT /api/admin/members/:userId/suspension': {
    path: async () => `/api/admin/members/${await newMember()}/suspension`,
    body: {},
    expect: adminOnly(200),
  },
  'DELETE /api/admin/members/:userId/suspension': {
    path: async () => `/api/admin/members/${await newMember()}/suspension`,
    expect: adminOnly(200),
  },
  'DELETE /api/admin/members/:userId': {
    path: async () => `/api/admin/members/${await newMember()}`,
    expect: adminOnly(204),
  },
  'GET /api/admin/posts': { path: () => '/api/admin/posts', expect: adminOnly(200) },
  // An admin removes anyone's post here, where DELETE /api/posts/:postId is the author's alone.
  'DELETE /api/admin/posts/:postId': {
    path: async () => `/api/admin/posts/${await newPostOfA()}`,
    expect: adminOnly(204),
  },
  // Reports (modules/moderation): anyone signed in reports what is not their own; admins handle them.
  'POST /api/reports': {
    setup: async () => {
      reportedPost = await newPostOfA();
    },
    path: () => '/api/reports',
    body: () => ({ subjectType: 'post', subjectId: reportedPost, reason: 'spam' }),
    expect: { anonymous: 401, owner: 400, other: 201, admin: 201 },
  },
  'GET /api/admin/reports': { path: () => '/api/admin/reports', expect: adminOnly(200) },
  'POST /api/admin/reports/:subjectType/:subjectId/resolve': {
    path: async () => `/api/admin/reports/post/${await newReportedPostOfA()}/resolve`,
    body: { action: 'dismiss' },
    expect: adminOnly(200),
  },
  'GET /api/admin/audit-log': { path: () => '/api/admin/audit-log', expect: adminOnly(200) },
};

beforeAll(async () => {
  ({ t, a, b, admin, albums } = await startWithThreeUsers(4));
  // Imports are read here by the test itself (newUnmatchedRowOfA), not raced by the app's reader.
  await t.app.imports.worker.stop();
  // Collections take rated albums only.
  for (const u of [a, b, admin]) {
    for (const { id, trackId } of albums) {
      await ok(
        call(t, `/api/albums/${id}/tracks/${trackId}/rating`, { method: 'PUT', body: { rating: 6 }, cookie: u.cookie }),
        200,
      );
    }
  }
  await t.app.files.put('matrix/a.webp', Buffer.from('RIFF....WEBPVP8 '));
  picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await t.close();
});

async function request(row: Row, ctx: Ctx, method: string): Promise<{ status: number; text: string }> {
  const path = await row.path(ctx);
  const cookie = ctx.user?.cookie;
  const ip = ctx.user?.ip ?? nextIp();
  if (row.multipart) {
    const form = row.form?.() ?? new FormData();
    if (!row.form) form.append('picture', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'p.png');
    const response = await fetch(`${t.baseUrl}${path}`, {
      method,
      headers: { origin: t.baseUrl, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
      body: form,
    });
    return { status: response.status, text: await response.text() };
  }
  if (row.body === undefined) return send(t, method, path, { cookie, ip });
  const body = typeof row.body === 'function' ? row.body(ctx) : row.body;
  return send(t, method, path, { body: JSON.stringify(body), contentType: 'application/json', cookie, ip });
}

describe('authorization matrix', () => {
  it('classifies every registered route, and no route that is gone', () => {
    const registered = t.routes.map((r) => `${r.method} ${r.url}`);
    const unclassified = registered.filter((key) => !(key in TABLE));
    expect(unclassified, 'routes missing from the authorization table').toEqual([]);
    const stale = Object.keys(TABLE).filter((key) => !registered.includes(key));
    expect(stale, 'table rows for routes the app no longer has').toEqual([]);
  });

  it.each(Object.entries(TABLE))(
    '%s answers as the table says for anonymous, owner, other user and admin',
    async (key, row) => {
      const method = key.split(' ')[0] as string;
      await row.setup?.();
      const seen: Record<string, number> = {};
      const users: Record<Actor, TestUser | null> = { anonymous: null, owner: a, other: b, admin };
      for (const actor of ACTORS) {
        const res = await request(row, { actor, user: users[actor] }, method);
        seen[actor] = res.status;
        expect(res.status, `${key} as ${actor}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      }
      expect(seen).toEqual(row.expect);
    },
  );
});

describe('Better Auth endpoints', () => {
  it('need a session for update-user, list-sessions, revoke-session, revoke-sessions and change-password', async () => {
    const anonymous = [
      await call(t, '/api/auth/update-user', { body: { name: 'Someone Else' }, ip: nextIp() }),
      await call(t, '/api/auth/list-sessions', { ip: nextIp() }),
      await call(t, '/api/auth/revoke-session', { body: { token: 'x' }, ip: nextIp() }),
      await call(t, '/api/auth/revoke-sessions', { body: {}, ip: nextIp() }),
      await call(t, '/api/auth/change-password', {
        body: { currentPassword: a.password, newPassword: 'another pw 1' },
        ip: nextIp(),
      }),
      await call(t, '/api/auth/change-email', { body: { newEmail: 'x@example.com' }, ip: nextIp() }),
    ];
    expect(anonymous.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it("do not let B revoke A's session, list it, or change A's password", async () => {
    const victim = await createUser(t, { password: 'victim password 1' });
    const attacker = await createUser(t, { password: 'attacker password 1' });
    const session = await t.database.handle.db
      .selectFrom('session')
      .select('token')
      .where('userId', '=', victim.id)
      .executeTakeFirstOrThrow();
    await call(t, '/api/auth/revoke-session', {
      body: { token: session.token },
      cookie: attacker.cookie,
      ip: attacker.ip,
    });
    const listed = await call(t, '/api/auth/list-sessions', { cookie: attacker.cookie, ip: attacker.ip });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(victim.id);
    // B's own password is the one checked: A's password does not change A's account through B.
    const changed = await call(t, '/api/auth/change-password', {
      body: { currentPassword: victim.password, newPassword: 'attacker pw 1' },
      cookie: attacker.cookie,
      ip: attacker.ip,
    });
    expect(changed.status).toBeGreaterThanOrEqual(400);
    const stillIn = await call(t, '/api/users/me/profile', { cookie: victim.cookie, ip: victim.ip });
    expect(stillIn.status).toBe(200);
    expect(stillIn.body.userId).toBe(victim.id);
    const signIn = await call(t, '/api/auth/sign-in/email', {
      body: { email: victim.email, password: victim.password },
      ip: nextIp(),
    });
    expect(signIn.status).toBe(200);
  });
});
