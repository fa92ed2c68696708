import {
  AddListEntryBodySchema,
  AlbumParamsSchema,
  CreateListBodySchema,
  ListEntryParamsSchema,
  ListPageSchema,
  ListParamsSchema,
  ListSchema,
  ListsPageQuerySchema,
  NoContentSchema,
  PublicListsQuerySchema,
  ReorderListBodySchema,
  SetListEntryNoteBodySchema,
  UpdateListBodySchema,
  UserParamsSchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { ListsService } from './lists.service.ts';

export function listsRoutes(app: ApiApp, lists: ListsService): void {
  app.post(
    '/api/lists',
    {
      config: { access: 'user' },
      schema: { summary: 'Make a list of albums or songs', body: CreateListBodySchema, response: { 201: ListSchema } },
    },
    async (request, reply) => reply.status(201).send(await lists.create(userOf(request), request.body)),
  );

  app.get(
    '/api/lists',
    {
      schema: {
        summary: 'Public lists, newest or most liked first',
        querystring: PublicListsQuerySchema,
        response: { 200: ListPageSchema },
      },
    },
    async (request) => lists.listPublic(await request.sessionUser(), request.query),
  );

  app.get(
    '/api/lists/:listId',
    {
      schema: {
        summary: 'A list with its entries (public or unlisted: its address is enough)',
        params: ListParamsSchema,
        response: { 200: ListSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.sessionUser();
      // Says whether the viewer liked it: a signed-in answer is theirs alone.
      reply.header('cache-control', viewer ? 'private, no-cache' : 'no-cache');
      return lists.get(request.params.listId, viewer?.id ?? null);
    },
  );

  app.patch(
    '/api/lists/:listId',
    {
      config: { access: 'user' },
      schema: {
        summary: "Change your list's title, description, ranking or visibility",
        params: ListParamsSchema,
        body: UpdateListBodySchema,
        response: { 200: ListSchema },
      },
    },
    async (request) => lists.update(userOf(request), request.params.listId, request.body),
  );

  app.delete(
    '/api/lists/:listId',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Delete your list (admins: any list)',
        params: ListParamsSchema,
        response: { 204: NoContentSchema },
      },
    },
    async (request, reply) => {
      await lists.delete(userOf(request), request.params.listId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/lists/:listId/entries',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Add an album (album list) or a song (song list) at the end of your list',
        params: ListParamsSchema,
        body: AddListEntryBodySchema,
        response: { 201: ListSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await lists.addEntry(userOf(request), request.params.listId, request.body)),
  );

  app.delete(
    '/api/lists/:listId/entries/:itemId',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Remove an entry from your list',
        params: ListEntryParamsSchema,
        response: { 200: ListSchema },
      },
    },
    async (request) => lists.removeEntry(userOf(request), request.params.listId, request.params.itemId),
  );

  app.put(
    '/api/lists/:listId/entries/:itemId/note',
    {
      config: { access: 'user' },
      schema: {
        summary: "Set an entry's note (empty clears it)",
        params: ListEntryParamsSchema,
        body: SetListEntryNoteBodySchema,
        response: { 200: ListSchema },
      },
    },
    async (request) => lists.setNote(userOf(request), request.params.listId, request.params.itemId, request.body.note),
  );

  app.put(
    '/api/lists/:listId/order',
    {
      config: { access: 'user' },
      schema: {
        summary: "Reorder your list: every entry's item id, in the new order",
        params: ListParamsSchema,
        body: ReorderListBodySchema,
        response: { 200: ListSchema },
      },
    },
    async (request) => lists.reorder(userOf(request), request.params.listId, request.body.itemIds),
  );

  app.get(
    '/api/users/:userId/lists',
    {
      schema: {
        summary: "Someone's lists, newest first (their unlisted ones only to themselves)",
        params: UserParamsSchema,
        querystring: ListsPageQuerySchema,
        response: { 200: ListPageSchema },
      },
    },
    async (request) => lists.listByUser(await request.sessionUser(), request.params.userId, request.query),
  );

  app.get(
    '/api/albums/:albumId/lists',
    {
      schema: {
        summary: 'Public lists with this album or its songs, newest first',
        params: AlbumParamsSchema,
        querystring: ListsPageQuerySchema,
        response: { 200: ListPageSchema },
      },
    },
    async (request) => lists.listWithAlbum(await request.sessionUser(), request.params.albumId, request.query),
  );
}
