import { CreateFeaturedPlaylistBodySchema, UpdateFeaturedPlaylistBodySchema } from '@liner/shared';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../plugins/session.ts';
import type { PlaylistsService } from './playlists.service.ts';

/** Featured playlists (spec §7): a public list, and admin-only management (401 signed out, 403 users). */
export function playlistsRoutes(app: FastifyInstance, playlists: PlaylistsService): void {
  app.get('/api/featured-playlists', async () => playlists.listActive());

  app.get('/api/admin/featured-playlists', async (request) => playlists.listAll(await requireAdmin(request)));

  app.post('/api/admin/featured-playlists', async (request, reply) => {
    const user = await requireAdmin(request);
    const created = await playlists.create(user, CreateFeaturedPlaylistBodySchema.parse(request.body ?? {}));
    return reply.status(201).send(created);
  });

  app.put('/api/admin/featured-playlists/:id', async (request) => {
    const user = await requireAdmin(request);
    const { id } = request.params as { id: string };
    return playlists.update(user, id, UpdateFeaturedPlaylistBodySchema.parse(request.body ?? {}));
  });

  app.delete('/api/admin/featured-playlists/:id', async (request, reply) => {
    const user = await requireAdmin(request);
    const { id } = request.params as { id: string };
    await playlists.remove(user, id);
    return reply.status(204).send();
  });
}
