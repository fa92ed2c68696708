import {
  AlbumCommunitySchema,
  AlbumParamsSchema,
  AlbumRatingStateSchema,
  AlbumTrackParamsSchema,
  FriendRatingsSchema,
  SetAlbumRatingBodySchema,
  SetTrackRatingBodySchema,
  SetTrackRatingResultSchema,
} from '@liner/shared';
import type { ApiApp } from '../../plugins/api-schemas.ts';
import { userOf } from '../../plugins/session.ts';
import type { RatingsService } from './ratings.service.ts';

export function ratingsRoutes(app: ApiApp, ratings: RatingsService): void {
  app.put(
    '/api/albums/:albumId/tracks/:trackId/rating',
    {
      // Spec §4: ratings are accepted only when signed in.
      config: { access: 'user', signedOutMessage: 'Please log in to rate songs' },
      schema: {
        summary: 'Rate a song in half stars (1–10), or clear the rating with null',
        params: AlbumTrackParamsSchema,
        body: SetTrackRatingBodySchema,
        response: { 200: SetTrackRatingResultSchema },
      },
    },
    async (request) => {
      const { albumId, trackId } = request.params;
      return ratings.setTrackRating(userOf(request), albumId, trackId, request.body.rating);
    },
  );

  app.put(
    '/api/albums/:albumId/my-rating',
    {
      config: { access: 'user', signedOutMessage: 'Please log in to rate albums' },
      schema: {
        summary: 'Choose your album rating (half stars 1–10), or null to use your song ratings again',
        params: AlbumParamsSchema,
        body: SetAlbumRatingBodySchema,
        response: { 200: AlbumRatingStateSchema },
      },
    },
    async (request) => ratings.chooseAlbumRating(userOf(request), request.params.albumId, request.body.rating),
  );

  app.get(
    '/api/albums/:albumId/community',
    {
      schema: {
        summary: "An album's community ratings and latest reviews",
        params: AlbumParamsSchema,
        response: { 200: AlbumCommunitySchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.sessionUser();
      // The reviews say whether the viewer liked them: a signed-in answer is theirs alone.
      reply.header('cache-control', viewer ? 'private, no-cache' : 'no-cache');
      return ratings.community(request.params.albumId, viewer?.id ?? null);
    },
  );

  app.get(
    '/api/albums/:albumId/friends',
    {
      // Friends' ratings are scores too (plugins/score-veil.ts).
      config: { access: 'user', scores: true },
      schema: {
        summary: 'The album ratings of the people you follow who rated it',
        params: AlbumParamsSchema,
        response: { 200: FriendRatingsSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return ratings.friendsRatings(userOf(request), request.params.albumId);
    },
  );
}
