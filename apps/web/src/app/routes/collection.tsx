import { COLLECTION_ERROR_DISPLAY_MS } from '@liner/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CoverImage } from '../../components/ui/cover-image.tsx';
import { StarRating } from '../../components/ui/star-rating.tsx';
import {
  useMyCollection,
  useRemoveFromCollection,
  useSetCollectionRating,
} from '../../features/collection/api/collection.ts';
import { ApiRequestError, TIMEOUT_MESSAGE } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import './collection.css';
import { FormError } from '../../components/ui/form-message.tsx';

function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.message === TIMEOUT_MESSAGE ? TIMEOUT_MESSAGE : fallback;
}

/** /collection (spec §2): the albums you rated and kept, with editable ratings. */
export function Component() {
  useDocumentTitle('Your Collection');
  const collection = useMyCollection();
  const setRating = useSetCollectionRating();
  const remove = useRemoveFromCollection();
  const [error, setError] = useState<string | null>(null);

  // Errors show for 5 seconds (spec §9).
  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), COLLECTION_ERROR_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [error]);

  return (
    <div className="page">
      <h1>Your Collection</h1>
      <p className="muted">Albums you've rated and added to your collection appear here.</p>
      <FormError message={error} />
      {collection.isPending ? (
        <p className="muted">Loading your collection...</p>
      ) : collection.isError ? (
        <div>
          <p className="form-error" role="alert">
            {failureText(collection.error, 'Failed to load your collection. Please try again later.')}
          </p>
          <button type="button" className="btn" onClick={() => void collection.refetch()}>
            Retry Loading
          </button>
        </div>
      ) : collection.data.length === 0 ? (
        <div className="empty-state">
          <p>Your collection is empty. Start rating albums to add them to your collection!</p>
          <Link to="/music" className="btn btn-primary">
            Browse Music
          </Link>
        </div>
      ) : (
        <ul className="collection-list">
          {collection.data.map((entry) => (
            <li key={entry.id} className="collection-item">
              <Link to={`/album/${encodeURIComponent(entry.id)}`} className="collection-item__cover">
                <CoverImage src={entry.imageUrl} alt={`${entry.name} cover`} />
              </Link>
              <div className="collection-item__text">
                <Link to={`/album/${encodeURIComponent(entry.id)}`} className="collection-item__name">
                  {entry.name}
                </Link>
                <span className="muted">{entry.artistName}</span>
                <div className="collection-item__rating">
                  <StarRating
                    label={`Your rating of ${entry.name}`}
                    value={Math.max(1, Math.round(entry.rating * 2))}
                    onChange={(halfStars) => {
                      // The collection always keeps a rating: clearing is not offered here.
                      if (halfStars === null) return;
                      setRating.mutate(
                        { albumId: entry.id, stars: halfStars / 2 },
                        { onError: (e) => setError(failureText(e, 'Failed to update rating. Please try again.')) },
                      );
                    }}
                  />
                  <span className="collection-item__value">{entry.rating.toFixed(1)}</span>
                </div>
              </div>
              <button
                type="button"
                className="btn btn-danger"
                onClick={() =>
                  remove.mutate(entry.id, {
                    onError: (e) =>
                      setError(failureText(e, 'Failed to remove album from collection. Please try again.')),
                  })
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
