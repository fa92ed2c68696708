import {
  CreateFeaturedPlaylistBodySchema,
  FeaturedPlaylistListSchema,
  FeaturedPlaylistSchema,
  NoContentSchema,
  PlaylistParamsSchema,
  UpdateFeaturedPlaylistBodySchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { PlaylistsService } from './playlists.service.ts';

/** Featured playlists (spec §7): a public list, and admin-only management (401 signed out, 403 users). */
export function playlistsRoutes(app: ApiApp, playlists: PlaylistsService): void {
  app.get(
    '/api/featured-playlists',
    {
      schema: {
        summary: 'The featured playlists shown on the home page',
        response: { 200: FeaturedPlaylistListSchema },
      },
    },
    async () => playlists.listActive(),
  );

  app.get(
    '/api/admin/featured-playlists',
    {
      config: { access: 'admin' },
      schema: { summary: 'Every featured playlist, shown or hidden', response: { 200: FeaturedPlaylistListSchema } },
    },
    async (request) => playlists.listAll(userOf(request)),
  );

  app.post(
    '/api/admin/featured-playlists',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Feature a playlist by its link',
        body: CreateFeaturedPlaylistBodySchema,
        response: { 201: FeaturedPlaylistSchema },
      },
    },
    async (request, reply) => {
      const created = await playlists.create(userOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/admin/featured-playlists/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: "Change a featured playlist's title, description or visibility",
        params: PlaylistParamsSchema,
        body: UpdateFeaturedPlaylistBodySchema,
        response: { 200: FeaturedPlaylistSchema },
      },
    },
    async (request) => playlists.update(userOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/featured-playlists/:id',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Stop featuring a playlist',
        params: PlaylistParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await playlists.remove(userOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
