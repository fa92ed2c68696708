import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { userMessage } from '../../../lib/api-client.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { useAddToCollection } from '../api/add-to-collection.ts';
import { useAddToRateLater } from '../api/add-to-rate-later.ts';
import { useRemoveFromRateLater } from '../api/remove-from-rate-later.ts';
import { ReviewModal } from './review-modal.tsx';
import './album-library-actions.css';
import '../../../components/ui/form.css';

/** The album page's buttons: keep it in the collection (with a review) or save it to rate later. */
export function AlbumLibraryActions({
  album,
  albumRating,
  inCollection,
  inRateLater,
  signedIn,
  sessionKnown = true,
}: {
  album: { id: string; name: string; artistName: string; imageUrl: string };
  albumRating: number | null;
  inCollection: boolean;
  inRateLater: boolean;
  signedIn: boolean;
  /** False until the session check answers: nobody is told to log in before it is known. */
  sessionKnown?: boolean;
}) {
  const addToCollection = useAddToCollection(album.id);
  const rateLater = useAddToRateLater(album);
  const undoRateLater = useRemoveFromRateLater();
  // Set once this page added the album to Rate Later, so the confirmation can offer to undo it.
  const [justAdded, setJustAdded] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [reviewError, setReviewError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <div className="album-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!signedIn || albumRating === null || inCollection}
          onClick={() => {
            setReviewError(null);
            setReviewing(true);
          }}
        >
          {inCollection ? t`Added to Collection` : t`Add to Collection`}
        </button>
        {/* A collected album has been listened to: the server refuses it on Rate Later. */}
        {!inCollection && (
          <button
            type="button"
            className="btn"
            disabled={!signedIn || inRateLater || rateLater.isPending}
            onClick={() =>
              rateLater.mutate(undefined, {
                onError: (e) => setNotice(userMessage(e, t`Failed to add to rate later. Please try again.`)),
                onSuccess: () => {
                  setNotice(null);
                  setJustAdded(true);
                },
              })
            }
          >
            {inRateLater ? t`Added to Rate Later` : t`Rate Later`}
          </button>
        )}
        <Link to={paths.sorter(album.id)} className="btn btn-ghost">
          {t`Rank these songs`}
        </Link>
      </div>
      {!signedIn && sessionKnown && (
        <p className="muted album-actions__hint">
          {richText(t`<0>Please log in</0> to add albums to your rate later list`, [
            (words) => <Link to={paths.login()}>{words}</Link>,
          ])}
        </p>
      )}
      {justAdded && inRateLater && (
        <p className="album-actions__done" role="status">
          {t`Saved to your Want to Listen list.`}{' '}
          <button
            type="button"
            className="btn btn-ghost album-actions__undo"
            disabled={undoRateLater.isPending}
            onClick={() =>
              undoRateLater.mutate(album.id, {
                onSuccess: () => setJustAdded(false),
                onError: (e) => setNotice(userMessage(e, t`Failed to remove from rate later. Please try again.`)),
              })
            }
          >
            {t`Undo`}
          </button>
        </p>
      )}
      {signedIn && albumRating === null && !inCollection && (
        <p className="muted album-actions__hint">{t`Please rate at least one song before adding to collection`}</p>
      )}
      {notice && (
        <p className="form-error" role="alert">
          {notice}
        </p>
      )}
      {reviewing && albumRating !== null && (
        <ReviewModal
          albumName={album.name}
          albumRating={albumRating}
          busy={addToCollection.isPending}
          error={reviewError}
          onSkip={() => setReviewing(false)}
          onConfirm={(review, reviewVisibility, listen) =>
            addToCollection.mutate(
              { review, reviewVisibility, ...(listen ? { listen } : {}) },
              {
                onSuccess: () => setReviewing(false),
                onError: (e) => setReviewError(userMessage(e, t`Failed to create review. Please try again.`)),
              },
            )
          }
        />
      )}
    </>
  );
}
