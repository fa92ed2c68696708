import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { DomainEventBus } from '../../lib/domain-events.ts';
import type { RateLimitStore } from '../../lib/rate-limit.ts';
import { moduleRoutes } from '../../plugins/api-schemas.ts';
import type { RatingsService } from '../ratings/index.ts';
import type { ReactionsService } from '../reactions/index.ts';
import type { ProfilesService } from '../users/index.ts';
import type { ActivityService } from './activity.service.ts';
import { feedRoutes } from './feed.routes.ts';
import { FeedService } from './feed.service.ts';
import { followsRoutes } from './follows.routes.ts';
import type { FollowsService } from './follows.service.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import type { NotificationsService } from './notifications.service.ts';
import { safetyRoutes } from './safety.routes.ts';

// The social module's public surface: follows (the only writer of profiles' follower and following
// counts) and follow requests, blocks, mutes and privacy, the activity log other modules record what
// people do in, and the feed read from it.
export { ActivityService } from './activity.service.ts';
export { FeedService } from './feed.service.ts';
export { FollowsService } from './follows.service.ts';
export { NotificationsService } from './notifications.service.ts';
export { SafetyService } from './safety.service.ts';

export interface FollowsNeeds {
  /** Follower lists are hidden by a block or a locked profile; the activity entry names both people. */
  profiles: Pick<ProfilesService, 'findByUserId' | 'mustShowContentTo'>;
  /** How many follow requests a person may send an hour. */
  limits: Pick<RateLimitStore, 'limiter'>;
  activity: Pick<ActivityService, 'record' | 'unfollowed'>;
  notifications: Pick<NotificationsService, 'notify' | 'retract'>;
  /** An approved or declined request is news to the requester's server when they live elsewhere. */
  events: Pick<DomainEventBus, 'publish'>;
}

export interface SafetyNeeds {
  /** Only an existing person is blocked or muted; privacy is a profile setting. */
  profiles: Pick<ProfilesService, 'getMine' | 'mustExist' | 'setPrivacy'>;
  /** A block ends the follows both ways; unlocking a profile approves its waiting requests. */
  follows: Pick<FollowsService, 'approveAllRequests' | 'removeBetween'>;
  /** A block clears what the two people's bells say about each other. */
  notifications: Pick<NotificationsService, 'forgetBetween'>;
}

export interface FeedNeeds {
  /** A review shows its author's album rating as it is now (ADR 21), like the review itself. */
  ratings: Pick<RatingsService, 'albumRatings'>;
}

export interface NotificationsNeeds {
  /** The bell names the posts, lists and comments it is about, through their reaction subjects. */
  reactions: Pick<ReactionsService, 'describe'>;
}

/**
 * What the social module does when others write (ADR 45), inside their transactions: a rating moves
 * the person's one feed entry a day for the album; a note, a review or a listed list joins the
 * activity log; likes and comments reach the owner's bell; a deleted post or list leaves both.
 */
export function subscribeSocial(
  events: Pick<DomainEventBus, 'within'>,
  social: { activity: ActivityService; notifications: NotificationsService },
): void {
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
    safetyRoutes(api, deps.safety, deps.follows);
  });
}
