import { FavouriteAlbumsSchema, SetFavouriteAlbumsBodySchema, UserParamsSchema } from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { FavouritesService } from './favourites.service.ts';

export function favouritesRoutes(app: ApiApp, favourites: FavouritesService): void {
  app.get(
    '/api/users/:userId/favourites',
    {
      schema: {
        summary: "A person's favourite albums, in their order (at most 4)",
        params: UserParamsSchema,
        response: { 200: FavouriteAlbumsSchema },
      },
    },
    async (request) => favourites.of(await request.sessionUser(), request.params.userId),
  );

  app.put(
    '/api/users/me/favourites',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Replace your favourite albums (at most 4, each once, in this order)',
        body: SetFavouriteAlbumsBodySchema,
        response: { 200: FavouriteAlbumsSchema },
      },
    },
    async (request) => favourites.set(userOf(request), request.body.albumIds),
  );
}
