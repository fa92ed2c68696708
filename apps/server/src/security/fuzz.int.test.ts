import {
  AddListEntryBodySchema,
  AddRateLaterBodySchema,
  AddToCollectionBodySchema,
  CommentBodySchema,
  CreateFeaturedPlaylistBodySchema,
  CreateInviteBodySchema,
  CreateListBodySchema,
  CreateReportBodySchema,
  LogListenBodySchema,
  MarkReadBodySchema,
  PrivacySettingsSchema,
  ReorderListBodySchema,
  ResolveImportRowBodySchema,
  ResolveReportsBodySchema,
  SetAlbumRatingBodySchema,
  SetCollectionRatingBodySchema,
  SetFavouriteAlbumsBodySchema,
  SetListEntryNoteBodySchema,
  SetTrackRatingBodySchema,
  SpoilerFreeSettingSchema,
  SuspendMemberBodySchema,
  UpdateFeaturedPlaylistBodySchema,
  UpdateListBodySchema,
  UpdateListenBodySchema,
  UpdatePostBodySchema,
  UpdateProfileBodySchema,
  UpdateRegistrationBodySchema,
} from '@liner/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createTestApp, type TestApp } from '../test/build-app.ts';
import { freePort } from '../test/free-port.ts';
import { SUITE_ENV } from '../test/suite-env.ts';
import { call, createUser, makeAdmin, nextIp, type TestUser } from '../test/users.ts';
import { MUTATING_METHODS, ownApiRoutes, seededAlbum, send } from './suite-helpers.ts';
import { arbitraryFor, bodyText, HOSTILE_STRINGS } from './zod-arbitrary.ts';

/**
 * Schema-driven fuzzing: bodies shaped like each route's contract with hostile values mixed in,
 * signed in and signed out, and random path parameters. Whatever arrives, the answer is a 4xx or a
 * success, never a 5xx, and the server stays healthy.
 */
let t: TestApp;
let user: TestUser;
let admin: TestUser;
/** The account the suspension route is fuzzed on, so `user` stays signed in. */
let member: TestUser;
let known: string[];
/** A list of `user`'s holding the seeded album: list bodies reach its entries. */
let list: string;
const RUNS = 60;

// Routes whose bodies have no shared schema yet are described here the same way.
const NoteBody = z.object({ title: z.string(), content: z.string() });
const DeleteAccountBody = z.object({ password: z.optional(z.string()), confirm: z.optional(z.string()) });
const SignUpBody = z.object({
  name: z.string(),
  email: z.string(),
  password: z.string(),
  callbackURL: z.optional(z.string()),
});
const SignInBody = z.object({
  email: z.string(),
  password: z.string(),
  rememberMe: z.optional(z.boolean()),
  callbackURL: z.optional(z.string()),
});
const ResetRequestBody = z.object({ email: z.string(), redirectTo: z.optional(z.string()) });
const ResetBody = z.object({ newPassword: z.string(), token: z.string() });
const UpdateUserBody = z.object({ name: z.optional(z.string()), image: z.optional(z.nullable(z.string())) });
const ChangePasswordBody = z.object({
  currentPassword: z.string(),
  newPassword: z.string(),
  revokeOtherSessions: z.optional(z.boolean()),
});

interface BodyRoute {
  method: string;
  /** The registered pattern, or the Better Auth endpoint. */
  url: string;
  path: () => string;
  schema: unknown;
  /** Who sends it signed in: most routes a user, admin routes the admin. */
  as?: 'admin';
}

const BODY_ROUTES: BodyRoute[] = [
  { method: 'POST', url: '/api/posts', path: () => '/api/posts', schema: NoteBody },
  // No such post: every body is validated first, so a valid one reaches the lookup and gets 404.
  {
    method: 'PATCH',
    url: '/api/posts/:postId',
    path: () => '/api/posts/fuzz-no-such-post',
    schema: UpdatePostBodySchema,
  },
  { method: 'PUT', url: '/api/users/me/profile', path: () => '/api/users/me/profile', schema: UpdateProfileBodySchema },
  // Comments land on a real list (their insert and counter run); a post that is not there gets 404.
  {
    method: 'POST',
    url: '/api/lists/:listId/comments',
    path: () => `/api/lists/${list}/comments`,
    schema: CommentBodySchema,
  },
  {
    method: 'POST',
    url: '/api/posts/:postId/comments',
    path: () => '/api/posts/fuzz-no-such-post/comments',
    schema: CommentBodySchema,
  },
  {
    method: 'PATCH',
    url: '/api/comments/:commentId',
    path: () => '/api/comments/fuzz-no-such-comment',
    schema: CommentBodySchema,
  },
  {
    method: 'POST',
    url: '/api/notifications/read',
    path: () => '/api/notifications/read',
    schema: MarkReadBodySchema,
  },
  {
    method: 'POST',
    url: '/api/users/me/collection',
    path: () => '/api/users/me/collection',
    schema: AddToCollectionBodySchema,
  },
  {
    method: 'PUT',
    url: '/api/users/me/collection/:albumId/rating',
    path: () => `/api/users/me/collection/${known[0]}/rating`,
    schema: SetCollectionRatingBodySchema,
  },
  {
    method: 'POST',
    url: '/api/users/me/ratelater',
    path: () => '/api/users/me/ratelater',
    schema: AddRateLaterBodySchema,
  },
  {
    method: 'PUT',
    url: '/api/albums/:albumId/tracks/:trackId/rating',
    path: () => `/api/albums/${known[0]}/tracks/${known[1]}/rating`,
    schema: SetTrackRatingBodySchema,
  },
  {
    method: 'PUT',
    url: '/api/albums/:albumId/my-rating',
    path: () => `/api/albums/${known[0]}/my-rating`,
    schema: SetAlbumRatingBodySchema,
  },
  {
    method: 'PUT',
    url: '/api/users/me/favourites',
    path: () => '/api/users/me/favourites',
    schema: SetFavouriteAlbumsBodySchema,
  },
  {
    method: 'POST',
    url: '/api/albums/:albumId/listens',
    path: () => `/api/albums/${known[0]}/listens`,
    schema: LogListenBodySchema,
  },
  // No such import: a valid body reaches the lookup and gets 404.
  {
    method: 'POST',
    url: '/api/imports/:importId/rows/:rowNumber/resolve',
    path: () => '/api/imports/fuzz-no-such-import/rows/1/resolve',
    schema: ResolveImportRowBodySchema,
  },
  // No such listen: a valid body reaches the lookup and gets 404.
  {
    method: 'PATCH',
    url: '/api/listens/:listenId',
    path: () => '/api/listens/fuzz-no-such-listen',
    schema: UpdateListenBodySchema,
  },
  { method: 'POST', url: '/api/lists', path: () => '/api/lists', schema: CreateListBodySchema },
  { method: 'PATCH', url: '/api/lists/:listId', path: () => `/api/lists/${list}`, schema: UpdateListBodySchema },
  {
    method: 'POST',
    url: '/api/lists/:listId/entries',
    path: () => `/api/lists/${list}/entries`,
    schema: AddListEntryBodySchema,
  },
  {
    method: 'PUT',
    url: '/api/lists/:listId/entries/:itemId/note',
    path: () => `/api/lists/${list}/entries/${known[0]}/note`,
    schema: SetListEntryNoteBodySchema,
  },
  {
    method: 'PUT',
    url: '/api/lists/:listId/order',
    path: () => `/api/lists/${list}/order`,
    schema: ReorderListBodySchema,
  },
  {
    method: 'POST',
    url: '/api/admin/featured-playlists',
    path: () => '/api/admin/featured-playlists',
    schema: CreateFeaturedPlaylistBodySchema,
    as: 'admin',
  },
  {
    method: 'PUT',
    url: '/api/admin/featured-playlists/:id',
    path: () => '/api/admin/featured-playlists/37i9dQZF1DXcBWIGoYBM5M',
    schema: UpdateFeaturedPlaylistBodySchema,
    as: 'admin',
  },
  {
    method: 'PUT',
    url: '/api/admin/registration',
    path: () => '/api/admin/registration',
    schema: UpdateRegistrationBodySchema,
    as: 'admin',
  },
  {
    method: 'POST',
    url: '/api/admin/invites',
    path: () => '/api/admin/invites',
    schema: CreateInviteBodySchema,
    as: 'admin',
  },
  {
    method: 'PUT',
    url: '/api/admin/members/:userId/suspension',
    path: () => `/api/admin/members/${member.id}/suspension`,
    schema: SuspendMemberBodySchema,
    as: 'admin',
  },
  { method: 'PUT', url: '/api/users/me/privacy', path: () => '/api/users/me/privacy', schema: PrivacySettingsSchema },
  {
    method: 'PUT',
    url: '/api/users/me/spoiler-free',
    path: () => '/api/users/me/spoiler-free',
    schema: SpoilerFreeSettingSchema,
  },
  // Reports land on the fuzz list (their insert and the one-open-report rule run).
  { method: 'POST', url: '/api/reports', path: () => '/api/reports', schema: CreateReportBodySchema },
  {
    method: 'POST',
    url: '/api/admin/reports/:subjectType/:subjectId/resolve',
    path: () => `/api/admin/reports/list/${list}/resolve`,
    schema: ResolveReportsBodySchema,
    as: 'admin',
  },
  { method: 'DELETE', url: '/api/users/me', path: () => '/api/users/me', schema: DeleteAccountBody },
  { method: 'POST', url: '/api/auth/sign-up/email', path: () => '/api/auth/sign-up/email', schema: SignUpBody },
  { method: 'POST', url: '/api/auth/sign-in/email', path: () => '/api/auth/sign-in/email', schema: SignInBody },
  {
    method: 'POST',
    url: '/api/auth/request-password-reset',
    path: () => '/api/auth/request-password-reset',
    schema: ResetRequestBody,
  },
  { method: 'POST', url: '/api/auth/reset-password', path: () => '/api/auth/reset-password', schema: ResetBody },
  { method: 'POST', url: '/api/auth/update-user', path: () => '/api/auth/update-user', schema: UpdateUserBody },
  {
    method: 'POST',
    url: '/api/auth/change-password',
    path: () => '/api/auth/change-password',
    schema: ChangePasswordBody,
  },
];

beforeAll(async () => {
  const oembed = `http://127.0.0.1:${await freePort()}/oembed`;
  t = await createTestApp({ env: { ...SUITE_ENV, SPOTIFY_OEMBED_URL: oembed } });
  user = await createUser(t, { password: 'fuzz user password' });
  admin = await createUser(t, { password: 'fuzz admin password' });
  await makeAdmin(t, admin);
  member = await createUser(t);
  const { albumId, trackId } = await seededAlbum(t);
  known = [albumId, trackId, user.id, user.name, user.email, admin.id];
  list = (
    await call(t, '/api/lists', { body: { title: 'fuzz', kind: 'album', itemIds: [albumId] }, cookie: user.cookie })
  ).body.id;
});

afterAll(async () => {
  await t.close();
});

/** encodeURIComponent, with lone surrogates (which it refuses) sent as the replacement character. */
const encode = (text: string) =>
  encodeURIComponent(
    text.replace(/[\ud800-\udfff]/g, (c, i: number, all: string) => {
      const code = c.charCodeAt(0);
      const pair = code < 0xdc00 ? all.charCodeAt(i + 1) : all.charCodeAt(i - 1);
      return (code < 0xdc00 ? pair >= 0xdc00 && pair <= 0xdfff : pair >= 0xd800 && pair < 0xdc00) ? c : '\ufffd';
    }),
  );

function describeFailure(
  method: string,
  path: string,
  body: string | undefined,
  res: { status: number; text: string },
) {
  return `${method} ${path} ${body === undefined ? '' : body.slice(0, 300)} → ${res.status} ${res.text.slice(0, 200)}`;
}

describe('generated bodies', () => {
  it('cover every JSON write route the app registers', () => {
    const covered = new Set(BODY_ROUTES.map((r) => `${r.method} ${r.url}`));
    const missing = ownApiRoutes(t)
      .filter((r) => MUTATING_METHODS.has(r.method))
      .map((r) => `${r.method} ${r.url}`)
      // Routes that read no body: their input is the path, fuzzed below.
      .filter((key) => !covered.has(key))
      .filter(
        (key) =>
          ![
            'POST /api/users/me/profile/picture',
            'POST /api/imports',
            'POST /api/imports/:importId/rows/:rowNumber/skip',
            'POST /api/users/me/profile/migrate',
            'DELETE /api/admin/featured-playlists/:id',
            'POST /api/users/:userId/follow',
            'DELETE /api/users/:userId/follow',
            'DELETE /api/posts/:postId',
            'DELETE /api/users/me/collection/:albumId',
            'DELETE /api/users/me/ratelater/:albumId',
            'DELETE /api/users/me/sessions/:sessionId',
            'DELETE /api/admin/invites/:code',
            'DELETE /api/admin/members/:userId/suspension',
            'DELETE /api/admin/members/:userId',
            'DELETE /api/admin/posts/:postId',
            'DELETE /api/listens/:listenId',
            'DELETE /api/lists/:listId',
            'DELETE /api/lists/:listId/entries/:itemId',
            'POST /api/posts/:postId/like',
            'DELETE /api/posts/:postId/like',
            'POST /api/lists/:listId/like',
            'DELETE /api/lists/:listId/like',
            'DELETE /api/comments/:commentId',
            'PUT /api/users/:userId/block',
            'DELETE /api/users/:userId/block',
            'PUT /api/users/:userId/mute',
            'DELETE /api/users/:userId/mute',
            'POST /api/users/me/follow-requests/:userId/approve',
            'POST /api/users/me/follow-requests/:userId/decline',
            'PUT /api/users/me/score-reveals/:albumId',
            'DELETE /api/users/me/score-reveals/:albumId',
          ].includes(key),
      );
    expect(missing, 'write routes with a body that the fuzzer does not know').toEqual([]);
  });

  it.each(BODY_ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s never answers 5xx to generated bodies, signed in or out',
    async (_name, route) => {
      const arbitrary = fc.tuple(bodyText(arbitraryFor(route.schema, known)), fc.boolean());
      await fc.assert(
        fc.asyncProperty(arbitrary, async ([body, signedIn]) => {
          const who = route.as === 'admin' ? admin : user;
          const path = route.path();
          const res = await send(t, route.method, path, {
            body,
            contentType: 'application/json',
            cookie: signedIn ? who.cookie : undefined,
            ip: nextIp(),
          });
          if (res.status >= 500) throw new Error(describeFailure(route.method, path, body, res));
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    },
  );
});

describe('generated path parameters', () => {
  const segment = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS.map((s) => encode(s).slice(0, 300))),
    fc.string({ maxLength: 30 }).map(encode),
    fc.constantFrom('.', '..', '%2e%2e', '%2F', '%252F', '%c0%ae', '%ff', '%', '%u0000', ';', 'a;b=c', '*'),
  );

  it('no route answers 5xx to random parameters, with any method, signed in or out', async () => {
    const routes = ownApiRoutes(t).filter((r) => r.url.includes(':') || r.url.endsWith('*'));
    expect(routes.length).toBeGreaterThan(10);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.array(segment, { minLength: 2, maxLength: 2 }),
        fc.constantFrom<TestUser | undefined>(undefined, user, admin),
        async (route, [first, second], who) => {
          let n = 0;
          const path = route.url
            .replace(/:[A-Za-z]+/g, () => (n++ === 0 ? first : second) as string)
            .replace(/\*$/, `${first}/${second}`);
          const mutating = MUTATING_METHODS.has(route.method);
          const res = await send(t, route.method, path, {
            cookie: who?.cookie,
            ip: nextIp(),
            body: mutating ? '{}' : undefined,
            contentType: mutating ? 'application/json' : undefined,
          });
          if (res.status >= 500) throw new Error(describeFailure(route.method, path, undefined, res));
        },
      ),
      { numRuns: RUNS * 6, endOnFailure: true },
    );
  });

  it('no query string makes a search or a list answer 5xx', async () => {
    const value = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS.map(encode)), fc.string({ maxLength: 20 }).map(encode));
    const paths = [
      '/api/music/search',
      '/api/users/search',
      '/api/music/new-releases',
      `/api/users/${known[2]}/posts`,
      '/api/activity/recent',
      '/api/auth/get-session',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.array(fc.tuple(fc.constantFrom('q', 'type', 'limit', 'offset', 'cursor', 'q[]', '__proto__'), value), {
          maxLength: 4,
        }),
        async (path, params) => {
          const query = params.map(([k, v]) => `${encode(k)}=${v}`).join('&');
          const res = await send(t, 'GET', `${path}?${query}`, { ip: nextIp() });
          if (res.status >= 500) throw new Error(describeFailure('GET', `${path}?${query}`, undefined, res));
        },
      ),
      { numRuns: RUNS * 3, endOnFailure: true },
    );
  });
});

describe('after the fuzzing', () => {
  it('the server is healthy and the fuzzed accounts still work', async () => {
    const health = await send(t, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    const me = await send(t, 'GET', '/api/users/me/profile', { cookie: admin.cookie });
    expect(me.status).toBe(200);
  });
});
