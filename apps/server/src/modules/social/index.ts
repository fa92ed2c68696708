import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import { feedRoutes } from './feed.routes.ts';
import { FeedService } from './feed.service.ts';
import { followsRoutes } from './follows.routes.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { safetyRoutes } from './safety.routes.ts';
import { SafetyService } from './safety.service.ts';

// The social module's public surface: follows (the only writer of profiles' follower and following
// counts) and follow requests, blocks, mutes and privacy, the activity log other modules record what
// people do in, and the feed read from it.
export { ActivityService } from './activity.service.ts';
export { FeedService } from './feed.service.ts';
export { FollowsService } from './follows.service.ts';
export { NotificationsService } from './notifications.service.ts';

/**
 * What the social module does when others write (ADR 45), inside their transactions: a rating moves
 * the person's one feed entry a day for the album; a note, a review or a listed list joins the
 * activity log; likes and comments reach the owner's bell; a deleted post or list leaves both.
 */
export function subscribeSocial(events: DomainEventBus, social: Pick<AppDeps, 'activity' | 'notifications'>): void {
  events.within('albumRatingChanged', (trx, rating) => social.activity.ratedAlbum(trx, rating));
  events.within('liked', (trx, like) =>
    social.notifications.notify(trx, {
      recipientId: like.ownerId,
      actorId: like.actorId,
      kind: 'liked',
      subject: like.subject,
    }),
  );
  events.within('unliked', (trx, like) =>
    social.notifications.retract(trx, {
      recipientId: like.ownerId,
      actorId: like.actorId,
      kind: 'liked',
      subject: like.subject,
    }),
  );
  events.within('commented', (trx, comment) =>
    social.notifications.notify(trx, {
      recipientId: comment.ownerId,
      actorId: comment.actorId,
      kind: 'commented',
      subject: comment.subject,
      commentId: comment.commentId,
    }),
  );
  events.within('commentsRemoved', (trx, removed) => social.notifications.forgetComments(trx, removed.commentIds));
  events.within('subjectRemoved', async (trx, removed) => {
    await social.notifications.forgetSubject(trx, removed.subject);
    await social.activity.forget(trx, removed.subject.id);
  });
  events.within('notePosted', (trx, note) =>
    social.activity.record(trx, {
      userId: note.userId,
      action: 'new_note',
      targetId: note.postId,
      data: { userDisplayName: note.displayName, postTitle: note.title, postType: 'note' },
    }),
  );
  events.within('reviewPosted', (trx, review) =>
    social.activity.record(trx, {
      userId: review.userId,
      action: 'new_review',
      targetId: review.postId,
      albumId: review.album.id,
      data: {
        userDisplayName: review.displayName,
        postTitle: review.album.name,
        postType: 'review',
        albumData: { ...review.album, rating: review.tenths / 10 },
      },
    }),
  );
  events.within('listCreated', (trx, list) =>
    social.activity.record(trx, {
      userId: list.userId,
      action: 'created_list',
      targetId: list.listId,
      data: { userDisplayName: list.displayName, listTitle: list.title, listKind: list.kind },
    }),
  );
}

export function registerSocial(app: FastifyInstance, deps: AppDeps): void {
  moduleRoutes(app, 'Social', (api) => {
    followsRoutes(api, deps.follows);
    notificationsRoutes(api, deps.notifications);
    feedRoutes(api, new FeedService(deps.database, deps));
    safetyRoutes(api, new SafetyService(deps.database, deps), deps.follows);
  });
}
