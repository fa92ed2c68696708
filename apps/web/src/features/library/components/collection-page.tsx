import { COLLECTION_ERROR_DISPLAY_MS } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ArtistLink } from '../../../components/ui/album-card.tsx';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { StarRating } from '../../../components/ui/star-rating.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { oneDecimal } from '../../../lib/catalog/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useMyCollection } from '../api/get-my-collection.ts';
import { useRemoveFromCollection } from '../api/remove-from-collection.ts';
import { useSetCollectionRating } from '../api/set-collection-rating.ts';
import './collection-page.css';
import '../../../components/ui/form.css';

/** /collection (spec §2): the albums you rated and kept, with editable ratings. */
export function CollectionPage() {
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
      <h1>{t`Your Collection`}</h1>
      <p className="muted">{t`Albums you've rated and added to your collection appear here.`}</p>
      <FormError message={error} />
      {collection.isPending ? (
        <p className="muted">{t`Loading your collection...`}</p>
      ) : collection.isError ? (
        <div>
          <p className="form-error" role="alert">
            {userMessage(collection.error, t`Failed to load your collection. Please try again later.`)}
          </p>
          <button type="button" className="btn" onClick={() => void collection.refetch()}>
            {t`Retry Loading`}
          </button>
        </div>
      ) : collection.data.length === 0 ? (
        <div className="empty-state">
          <p>{t`Your collection is empty. Start rating albums to add them to your collection!`}</p>
          <Link to={paths.music()} className="btn btn-primary">
            {t`Browse Music`}
          </Link>
        </div>
      ) : (
        <ul className="collection-list">
          {collection.data.map((entry) => {
            const name = entry.name;
            return (
              <li key={entry.id} className="collection-item">
                <Link to={paths.album(entry.id)} className="collection-item__cover">
                  <CoverImage src={entry.imageUrl} alt={t`${name} cover`} />
                </Link>
                <div className="collection-item__text">
                  <Link to={paths.album(entry.id)} className="collection-item__name">
                    {entry.name}
                  </Link>
                  <ArtistLink name={entry.artistName} artistId={entry.artistId} className="muted" />
                  <div className="collection-item__rating">
                    <StarRating
                      label={t`Your rating of ${name}`}
                      value={Math.max(1, Math.round(entry.rating * 2))}
                      onChange={(halfStars) => {
                        // The collection always keeps a rating: clearing is not offered here.
                        if (halfStars === null) return;
                        setRating.mutate(
                          { albumId: entry.id, stars: halfStars / 2 },
                          { onError: (e) => setError(userMessage(e, t`Failed to update rating. Please try again.`)) },
                        );
                      }}
                    />
                    <span className="collection-item__value">{oneDecimal(entry.rating)}</span>
                  </div>
                </div>
                <button
                  type="button"
                  className="btn btn-danger collection-item__remove"
                  // The visible word is the same on every row; the name says which album (WCAG 2.4.6).
                  aria-label={t`Remove ${name}`}
                  onClick={() =>
                    remove.mutate(entry.id, {
                      onError: (e) =>
                        setError(userMessage(e, t`Failed to remove album from collection. Please try again.`)),
                    })
                  }
                >
                  {t`Remove`}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
