import type { Migration } from 'kysely';
import type { Dialect } from '../database.ts';
import { catalogMigration } from './001-catalog.ts';
import { profilesMigration } from './002-profiles.ts';
import { catalogSearchStatsMigration } from './003-catalog-search-stats.ts';
import { socialMigration } from './004-social.ts';
import { featuredPlaylistsMigration } from './005-featured-playlists.ts';
import { libraryMigration } from './006-library.ts';
import { displayNameSkeletonMigration } from './007-display-name-skeleton.ts';
import { rateLimitsMigration } from './008-rate-limits.ts';
import { chosenAlbumRatingsMigration } from './009-chosen-album-ratings.ts';
import { followListsMigration } from './010-follow-lists.ts';
import { trackPopularityMigration } from './011-track-popularity.ts';
import { communityMigration } from './012-community.ts';
import { catalogDepthMigration } from './013-catalog-depth.ts';
import { musicbrainzMatchMigration } from './014-musicbrainz-match.ts';
import { albumRatingLookupsMigration } from './015-album-rating-lookups.ts';
import { likesCommentsMigration } from './016-likes-comments.ts';
import { notificationsMigration } from './017-notifications.ts';
import { activityFeedMigration } from './018-activity-feed.ts';
import { listsMigration } from './019-lists.ts';
import { listensMigration } from './020-listens.ts';
import { favouriteAlbumsMigration } from './021-favourite-albums.ts';
import { importsMigration } from './022-imports.ts';
import { listenSongsMigration } from './023-listen-songs.ts';
import { importListenCountsMigration } from './024-import-listen-counts.ts';
import { safetyMigration } from './025-safety.ts';
import { moderationMigration } from './026-moderation.ts';
import { searchEarlyStopMigration } from './027-search-early-stop.ts';
import { postgresWordSearchMigration } from './028-postgres-word-search.ts';
import { fedifyStoreMigration } from './029-fedify-store.ts';
import { federationActorsMigration } from './030-federation-actors.ts';
import { federationOutboxMigration } from './031-federation-outbox.ts';
import { remoteObjectsMigration } from './032-remote-objects.ts';
import { boostsMigration } from './033-boosts.ts';
import { blockedDomainsMigration } from './034-blocked-domains.ts';
import { remotePicturesMigration } from './035-remote-pictures.ts';
import { silencedServersAndPeopleMigration } from './036-silenced-servers-and-people.ts';
import { spoilerFreeScoresMigration } from './037-spoiler-free-scores.ts';

export interface MigrationContext {
  dialect: Dialect;
}

/**
 * Every migration, listed in the order Kysely runs them (it sorts by name). Never rename or edit one
 * that has shipped: add the next number.
 */
export function allMigrations(context: MigrationContext): Record<string, Migration> {
  return {
    '001-catalog': catalogMigration(context),
    '002-profiles': profilesMigration(context),
    '003-catalog-search-stats': catalogSearchStatsMigration(context),
    '004-social': socialMigration(context),
    '005-featured-playlists': featuredPlaylistsMigration(context),
    '006-library': libraryMigration(context),
    '007-display-name-skeleton': displayNameSkeletonMigration(context),
    '008-rate-limits': rateLimitsMigration(context),
    '009-chosen-album-ratings': chosenAlbumRatingsMigration(context),
    '010-follow-lists': followListsMigration(context),
    '011-track-popularity': trackPopularityMigration(context),
    '012-community': communityMigration(context),
    '013-catalog-depth': catalogDepthMigration(context),
    '014-musicbrainz-match': musicbrainzMatchMigration(context),
    '015-album-rating-lookups': albumRatingLookupsMigration(context),
    '016-likes-comments': likesCommentsMigration(context),
    '017-notifications': notificationsMigration(context),
    '018-activity-feed': activityFeedMigration(context),
    '019-lists': listsMigration(context),
    '020-listens': listensMigration(context),
    '021-favourite-albums': favouriteAlbumsMigration(context),
    '022-imports': importsMigration(context),
    '023-listen-songs': listenSongsMigration(context),
    '024-import-listen-counts': importListenCountsMigration(context),
    '025-safety': safetyMigration(context),
    '026-moderation': moderationMigration(context),
    '027-search-early-stop': searchEarlyStopMigration(context),
    '028-postgres-word-search': postgresWordSearchMigration(context),
    '029-fedify-store': fedifyStoreMigration(context),
    '030-federation-actors': federationActorsMigration(),
    '031-federation-outbox': federationOutboxMigration(context),
    '032-remote-objects': remoteObjectsMigration(),
    '033-boosts': boostsMigration(),
    '034-blocked-domains': blockedDomainsMigration(),
    '035-remote-pictures': remotePicturesMigration(),
    '036-silenced-servers-and-people': silencedServersAndPeopleMigration(),
    '037-spoiler-free-scores': spoilerFreeScoresMigration(),
  };
}
