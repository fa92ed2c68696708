import { ALBUM_LOAD_RETRIES, ALBUM_LOAD_RETRY_DELAY_MS, albumAverageStars } from '@liner/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CoverImage } from '../../components/ui/cover-image.tsx';
import { StarDisplay, StarRating } from '../../components/ui/star-rating.tsx';
import {
  useAddToCollection,
  useAddToRateLater,
  useAlbum,
  useAlbumCommunity,
  useMyAlbumRatings,
  useRateTrack,
} from '../../features/albums/api/albums.ts';
import { ReviewModal } from '../../features/albums/components/review-modal.tsx';
import { PostCard } from '../../features/posts/components/post-card.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../../components/ui/form.css';
import './album.css';

export function Component() {
  const { albumId = '' } = useParams();
  const { user } = useSession();
  const album = useAlbum(albumId);
  const community = useAlbumCommunity(albumId);
  const mine = useMyAlbumRatings(albumId, Boolean(user) && album.isSuccess);
  const rateTrack = useRateTrack(albumId);
  const addToCollection = useAddToCollection(albumId);
  const [reviewing, setReviewing] = useState(false);
  const [reviewError, setReviewError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const attempts = useRef(0);
  useDocumentTitle(album.data?.name ?? 'Album');

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

  const rateLater = useAddToRateLater({
    id: albumId,
    name: album.data?.name ?? '',
    artistName: album.data?.artistName ?? '',
    imageUrl: album.data?.imageUrl ?? '',
  });

  if (album.isPending) return <div className="center-state">Loading album details...</div>;
  if (notFound) return <div className="center-state">Album not found</div>;
  if (album.isError) {
    return (
      <div className="center-state">
        <div style={{ textAlign: 'center' }}>
          <p>Error loading album: {album.error.message}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              attempts.current = 0;
              void album.refetch();
            }}
          >
            Retry
          </button>
        </div>
      </div>
    );
  }

  const data = album.data;
  const ratings = mine.data?.ratings ?? {};
  // Recomputed on every change from what is on screen (spec §4); the server derives the same.
  const albumRating = user ? albumAverageStars(data.tracks.map((t) => ratings[t.id])) : null;
  const inCollection = mine.data?.inCollection ?? false;
  const inRateLater = mine.data?.inRateLater ?? false;
  const tracksCommunity = community.data?.tracks ?? {};

  return (
    <div className="page album-page">
      <section className="album-hero">
        <CoverImage src={data.imageUrl} alt={`${data.name} cover`} className="cover-image album-hero__cover" />
        <div className="album-hero__info">
          <p className="album-hero__kind">Album{data.releaseDate ? ` · ${data.releaseDate.slice(0, 4)}` : ''}</p>
          <h1>{data.name}</h1>
          <p className="album-hero__artist">{data.artistName}</p>
          <div className="album-hero__rating">
            <StarDisplay stars={albumRating} label="Album Rating" />
            <span className="album-hero__value">{albumRating === null ? '—' : albumRating.toFixed(1)}</span>
            <span className="muted">(Average of song ratings)</span>
          </div>
          <p className="muted album-hero__community" data-testid="community-rating">
            {community.data?.album.average != null
              ? `Community: ${community.data.album.average.toFixed(1)} from ${community.data.album.ratingsCount} song rating${community.data.album.ratingsCount === 1 ? '' : 's'}`
              : 'No community ratings yet'}
          </p>
          <div className="album-hero__actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={!user || albumRating === null || inCollection}
              onClick={() => {
                setReviewError(null);
                setReviewing(true);
              }}
            >
              {inCollection ? 'Added to Collection' : 'Add to Collection'}
            </button>
            <button
              type="button"
              className="btn"
              disabled={!user || inRateLater || rateLater.isPending}
              onClick={() =>
                rateLater.mutate(undefined, {
                  onError: () => setNotice('Failed to add to rate later. Please try again.'),
                  onSuccess: () => setNotice(null),
                })
              }
            >
              {inRateLater ? 'Added to Rate Later' : 'Rate Later'}
            </button>
            <Link to={`/sorter?album=${encodeURIComponent(data.id)}`} className="btn btn-ghost">
              Rank these songs
            </Link>
          </div>
          {!user && <p className="muted hint">Please log in to add albums to your rate later list</p>}
          {user && albumRating === null && !inCollection && (
            <p className="muted hint">Please rate at least one song before adding to collection</p>
          )}
          {notice && (
            <p className="form-error" role="alert">
              {notice}
            </p>
          )}
        </div>
      </section>

      <section className="tracks" aria-labelledby="tracks-heading">
        <h2 id="tracks-heading">Tracks</h2>
        {data.tracks.length === 0 ? (
          <p className="muted">No tracks available</p>
        ) : (
          <ol className="track-list">
            {data.tracks.map((track, index) => {
              const trackCommunity = tracksCommunity[track.id];
              return (
                <li key={track.id} className="track-row">
                  <span className="track-row__index">{index + 1}</span>
                  <span className="track-row__title">{track.name}</span>
                  <span className="track-row__community muted" title="Community average">
                    {trackCommunity?.average != null
                      ? `★ ${trackCommunity.average.toFixed(1)} (${trackCommunity.ratingsCount})`
                      : ''}
                  </span>
                  <span className="track-row__duration muted">{track.duration_formatted}</span>
                  <StarRating
                    size="sm"
                    label={`Rate ${track.name}`}
                    value={ratings[track.id] ?? null}
                    disabled={!user}
                    onChange={(rating) => rateTrack.rate(track.id, rating)}
                  />
                </li>
              );
            })}
          </ol>
        )}
        {rateTrack.isError && (
          <p className="form-error" role="alert">
            Your rating was not saved: {rateTrack.error?.message}
          </p>
        )}
      </section>

      {(community.data?.reviews.length ?? 0) > 0 && (
        <section className="album-reviews" aria-labelledby="reviews-heading">
          <h2 id="reviews-heading">Latest reviews</h2>
          <div className="post-list">
            {community.data?.reviews.map((post) => (
              <PostCard key={post.id} post={post} canDelete={false} deleting={false} onDelete={() => {}} />
            ))}
          </div>
        </section>
      )}

      {reviewing && albumRating !== null && (
        <ReviewModal
          albumName={data.name}
          albumRating={albumRating}
          busy={addToCollection.isPending}
          error={reviewError}
          onSkip={() => setReviewing(false)}
          onConfirm={(review) =>
            addToCollection.mutate(review, {
              onSuccess: () => setReviewing(false),
              onError: () => setReviewError('Failed to create review. Please try again.'),
            })
          }
        />
      )}
    </div>
  );
}
