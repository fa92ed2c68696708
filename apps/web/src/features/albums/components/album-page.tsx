import { ALBUM_LOAD_RETRIES, ALBUM_LOAD_RETRY_DELAY_MS, type AlbumCommunity, type AlbumDetail } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ArtistLink } from '../../../components/ui/album-card.tsx';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { SkeletonState } from '../../../components/ui/skeleton.tsx';
import { StarDisplay, StarRating } from '../../../components/ui/star-rating.tsx';
import { ApiRequestError, userMessage } from '../../../lib/api-client.ts';
import { oneDecimal } from '../../../lib/catalog/format.ts';
import { useAlbum } from '../../../lib/catalog/get-album.ts';
import { albumTypeLabel } from '../../../lib/catalog/labels.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useChooseAlbumRating } from '../api/choose-album-rating.ts';
import { useAlbumCommunity } from '../api/get-album-community.ts';
import { useMyAlbumRatings } from '../api/get-my-album-ratings.ts';
import { useRateTrack } from '../api/rate-track.ts';
import { AlbumFacts } from './album-facts.tsx';
import { AlbumPageSkeleton } from './album-page-skeleton.tsx';
import { FriendsRatings } from './friends-ratings.tsx';
import { HiddenScores } from './hidden-scores.tsx';
import { AlbumRatings } from './rating-histogram.tsx';
import '../../../components/ui/form.css';
import './album-page.css';
import '../../../components/ui/cover-image.css';

/** What the page knows about the signed-in listener's relation to the album, for the actions slot. */
export interface AlbumActionsContext {
  album: AlbumDetail;
  /** The listener's one album rating (ADR 21: chosen, else their songs' mean), null when signed out or none. */
  albumRating: number | null;
  inCollection: boolean;
  inRateLater: boolean;
}

/**
 * /album/:albumId (spec §4): the album, its songs to rate, and community reviews. Library actions
 * (collection, rate later) belong to another feature and come in through `actions`, and what a
 * song row offers besides its stars (adding it to a list) through `trackActions`; `reviews`
 * renders the latest reviews (another feature's cards).
 */
export function AlbumPage({
  albumId,
  actions,
  trackActions,
  reviews,
}: {
  albumId: string;
  actions: (context: AlbumActionsContext) => ReactNode;
  trackActions?: (track: AlbumDetail['tracks'][number]) => ReactNode;
  reviews: (posts: AlbumCommunity['reviews']) => ReactNode;
}) {
  const { user } = useSession();
  // The page retries itself, visibly (spec §4: up to 3 times, 1 second apart).
  const album = useAlbum(albumId, { retry: false });
  const community = useAlbumCommunity(albumId);
  const mine = useMyAlbumRatings(albumId, Boolean(user) && album.isSuccess);
  const rateTrack = useRateTrack(albumId);
  const chooseRating = useChooseAlbumRating(albumId);
  const attempts = useRef(0);
  useDocumentTitle(album.data?.name ?? t`Album`);

  const notFound = album.error instanceof ApiRequestError && album.error.status === 404;
  const { isError, errorUpdatedAt, refetch } = album;
  // A failed load tries again by itself, up to 3 times, 1 second apart (spec §4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: errorUpdatedAt marks each new failure, which restarts the timer
  useEffect(() => {
    if (!isError || notFound || attempts.current >= ALBUM_LOAD_RETRIES) return;
    const timer = setTimeout(() => {
      attempts.current += 1;
      void refetch();
    }, ALBUM_LOAD_RETRY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isError, errorUpdatedAt, notFound, refetch]);

  if (album.isPending) {
    return (
      <SkeletonState fetchStatus={album.fetchStatus} className="center-state">
        <AlbumPageSkeleton />
      </SkeletonState>
    );
  }
  if (notFound) {
    return (
      <div className="center-state">
        <div className="album-not-found">
          <p>{t`Album not found`}</p>
          <p>
            {richText(t`<0>Discover music</0> or go back <1>home</1>.`, [
              (words) => <Link to={paths.music()}>{words}</Link>,
              (words) => <Link to={paths.home()}>{words}</Link>,
            ])}
          </p>
        </div>
      </div>
    );
  }
  if (album.isError) {
    return (
      <div className="center-state">
        <div style={{ textAlign: 'center' }}>
          <p>{t`Error loading album: ${userMessage(album.error, t`Please try again.`)}`}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              attempts.current = 0;
              void album.refetch();
            }}
          >
            {t`Retry`}
          </button>
        </div>
      </div>
    );
  }

  const data = album.data;
  const ratings = mine.data?.ratings ?? {};
  // The server's one "my rating" (ADR 21), the same number the collection and review cards show.
  const albumRating = user ? (mine.data?.albumRating ?? null) : null;
  const chosen = Boolean(user && mine.data?.albumRatingChosen);
  const inCollection = mine.data?.inCollection ?? false;
  const inRateLater = mine.data?.inRateLater ?? false;
  const tracksCommunity = community.data?.tracks ?? {};

  const allReviews = community.data?.reviews ?? [];
  const localReviews = allReviews.filter((post) => post.remoteUrl === null);
  const fediverseReviews = allReviews.filter((post) => post.remoteUrl !== null);
  return (
    <div className="page album-page">
      <section className="album-hero">
        <CoverImage src={data.imageUrl} alt={t`${data.name} cover`} className="cover-image album-hero__cover" eager />
        <div className="album-hero__info">
          <p className="album-hero__kind">{albumTypeLabel(data.type)}</p>
          <h1>{data.name}</h1>
          <p className="album-hero__artist">
            <ArtistLink name={data.artistName} artistId={data.artistId} />
          </p>
          <AlbumFacts album={data} />
          <div className="album-hero__rating">
            <StarDisplay stars={albumRating} label={t`Album Rating`} showLabel />
            <span className="album-hero__value">{albumRating === null ? '—' : albumRating.toFixed(1)}</span>
            {chosen ? (
              <span className="album-hero__chosen">
                <span className="muted">{t`(Your chosen rating)`}</span>
                <button
                  type="button"
                  className="btn btn-ghost album-hero__use-songs"
                  disabled={chooseRating.isPending}
                  onClick={() => chooseRating.mutate(null)}
                >
                  {mine.data?.songsRating != null
                    ? t`Use my song ratings (${oneDecimal(mine.data.songsRating)})`
                    : t`Use my song ratings`}
                </button>
              </span>
            ) : (
              <span className="muted">{t`(Average of song ratings)`}</span>
            )}
          </div>
          {user && (
            <div className="album-hero__choose">
              <StarRating
                size="sm"
                label={t`Choose your album rating`}
                value={chosen && albumRating !== null ? Math.round(albumRating * 2) : null}
                disabled={chooseRating.isPending}
                onChange={(halfStars) => chooseRating.mutate(halfStars)}
              />
              <span className="muted">{t`Choose your own album rating`}</span>
            </div>
          )}
          {chooseRating.isError && (
            <p className="form-error" role="alert">
              {t`Your album rating was not changed: ${userMessage(chooseRating.error, t`Please try again.`)}`}
            </p>
          )}
          <p className="muted album-hero__community" data-testid="community-rating">
            {communityLine(community.data)}
          </p>
          {actions({ album: data, albumRating, inCollection, inRateLater })}
        </div>
      </section>

      <div className="album-body">
        <section className="tracks" aria-labelledby="tracks-heading">
          <h2 id="tracks-heading">{t`Tracks`}</h2>
          {data.tracks.length === 0 ? (
            <p className="muted">{t`No tracks available`}</p>
          ) : (
            <ol className="track-list">
              {data.tracks.map((track, index) => {
                const trackCommunity = tracksCommunity[track.id];
                return (
                  <li key={track.id} className="track-row">
                    <span className="track-row__index">{index + 1}</span>
                    <span className="track-row__title">{track.name}</span>
                    <span className="track-row__community muted" title={t`Community average`}>
                      {trackCommunity?.average != null
                        ? `★ ${trackCommunity.average.toFixed(1)} (${trackCommunity.ratingsCount})`
                        : ''}
                    </span>
                    <span className="track-row__duration muted">{track.duration_formatted}</span>
                    <StarRating
                      size="sm"
                      label={t`Rate ${track.name}`}
                      value={ratings[track.id] ?? null}
                      disabled={!user}
                      onChange={(rating) => rateTrack.rate(track.id, rating)}
                    />
                    {trackActions && <span className="track-row__actions">{trackActions(track)}</span>}
                  </li>
                );
              })}
            </ol>
          )}
          {rateTrack.isPaused && (
            <p className="muted" role="status">
              {t`You are offline: your rating will be saved when the connection returns.`}
            </p>
          )}
          {rateTrack.isError && (
            <p className="form-error" role="alert">
              {t`Your rating was not saved: ${userMessage(rateTrack.error, t`Please try again.`)}`}
            </p>
          )}
        </section>
        <div className="album-side">
          {community.data &&
            (community.data.scoresHidden ? (
              <HiddenScores community={community.data} />
            ) : (
              <AlbumRatings community={community.data} />
            ))}
          {user && <FriendsRatings albumId={albumId} />}
        </div>
      </div>

      {localReviews.length > 0 && (
        <section className="album-reviews" aria-labelledby="reviews-heading">
          <h2 id="reviews-heading">{t`Latest reviews`}</h2>
          {reviews(localReviews)}
        </section>
      )}
      {/* Reviews by people of other servers that members here follow (federation). */}
      {fediverseReviews.length > 0 && (
        <section className="album-reviews" aria-labelledby="fediverse-reviews-heading">
          <h2 id="fediverse-reviews-heading">{t`From the fediverse`}</h2>
          {reviews(fediverseReviews)}
        </section>
      )}
    </div>
  );
}

/** The hero's line on the community: its average of song ratings, or why there is none. */
function communityLine(community: AlbumCommunity | undefined): string {
  if (community?.scoresHidden) return t`Community ratings hidden until you rate it`;
  if (community?.album.average == null) return t`No community ratings yet`;
  const average = oneDecimal(community.album.average);
  const count = community.album.ratingsCount;
  return plural(count, {
    one: `Community: ${average} from # song rating`,
    other: `Community: ${average} from # song ratings`,
  });
}
