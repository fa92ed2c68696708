import {
  AddToCollectionBodySchema,
  AlbumParamsSchema,
  CollectionEntrySchema,
  CollectionSchema,
  MyAlbumRatingsSchema,
  NoContentSchema,
  SetCollectionRatingBodySchema,
  UserParamsSchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { CollectionService } from './collection.service.ts';

/** Spec §7 'Collection and Rate Later': the signed-in user's own list only; plus the public view. */
export function collectionRoutes(app: ApiApp, collection: CollectionService): void {
  app.get(
    '/api/albums/:albumId/my-ratings',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Your song ratings on an album, and whether it is in your collection or Rate Later list',
        params: AlbumParamsSchema,
        response: { 200: MyAlbumRatingsSchema },
      },
    },
    async (request) => collection.myAlbum(userOf(request), request.params.albumId),
  );

  app.get(
    '/api/users/me/collection',
    { config: { access: 'user' }, schema: { summary: 'Your collection', response: { 200: CollectionSchema } } },
    async (request) => collection.list(userOf(request).id),
  );

  app.post(
    '/api/users/me/collection',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Add an album to your collection, with an optional review',
        body: AddToCollectionBodySchema,
        response: { 201: CollectionEntrySchema },
      },
    },
    async (request, reply) => {
      const entry = await collection.add(userOf(request), request.body);
      return reply.status(201).send(entry);
    },
  );

  app.put(
    '/api/users/me/collection/:albumId/rating',
    {
      config: { access: 'user' },
      schema: {
        summary: "Set a collection entry's album rating",
        params: AlbumParamsSchema,
        body: SetCollectionRatingBodySchema,
        response: { 200: CollectionEntrySchema },
      },
    },
    async (request) => collection.setRating(userOf(request), request.params.albumId, request.body.rating),
  );

  app.delete(
    '/api/users/me/collection/:albumId',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Remove an album from your collection',
        params: AlbumParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await collection.remove(userOf(request), request.params.albumId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/users/:userId/collection',
    {
      schema: {
        summary: "Someone's collection (public)",
        params: UserParamsSchema,
        response: { 200: CollectionSchema },
      },
    },
    async (request) => collection.listOf(await request.sessionUser(), request.params.userId),
  );
}
