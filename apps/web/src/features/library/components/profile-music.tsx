import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { AlbumCard, ArtistLink } from '../../../components/ui/album-card.tsx';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { paths } from '../../../lib/paths.ts';
import { useUserCollection } from '../api/get-user-collection.ts';
import { useUserRateLater } from '../api/get-user-rate-later.ts';
import { useRemoveFromRateLater } from '../api/remove-from-rate-later.ts';
import './profile-music.css';
import '../../../components/ui/chips.css';
import '../../../components/ui/form.css';

/** The profile's Music section (spec §2): 'Music' grid of the collection, 'Want to Listen' list. */
export function ProfileMusic({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const [view, setView] = useState<'music' | 'later'>('music');
  const collection = useUserCollection(userId);
  const later = useUserRateLater(userId);
  const removeLater = useRemoveFromRateLater();
  const [error, setError] = useState<string | null>(null);
  const empty = isOwner
    ? t`You haven't logged any music yet. Start adding albums to your collection!`
    : t`This user hasn't logged any music yet.`;

  return (
    <section className="profile-music" aria-label={t`Music`}>
      <fieldset className="chips">
        <legend className="visually-hidden">{t`Music view`}</legend>
        <button
          type="button"
          className={view === 'music' ? 'chip chip--active' : 'chip'}
          aria-pressed={view === 'music'}
          onClick={() => setView('music')}
        >
          {t`Music`}
        </button>
        <button
          type="button"
          className={view === 'later' ? 'chip chip--active' : 'chip'}
          aria-pressed={view === 'later'}
          onClick={() => setView('later')}
        >
          {t`Want to Listen`}
        </button>
      </fieldset>
      {view === 'music' ? (
        collection.isPending ? (
          <PendingState fetchStatus={collection.fetchStatus} />
        ) : (collection.data?.length ?? 0) === 0 ? (
          <p className="muted">{empty}</p>
        ) : (
          <div className="profile-music__grid">
            {collection.data?.map((entry) => (
              <AlbumCard key={entry.id} album={entry} />
            ))}
          </div>
        )
      ) : later.isPending ? (
        <PendingState fetchStatus={later.fetchStatus} />
      ) : (later.data?.length ?? 0) === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="profile-music__list">
          {later.data?.map((entry) => {
            const name = entry.name;
            return (
              <li key={entry.id}>
                <div className="profile-music__item">
                  <CoverImage src={entry.imageUrl} alt={t`${name} cover`} />
                  <span>
                    <Link to={paths.album(entry.id)} className="profile-music__title">
                      {entry.name}
                    </Link>
                    <ArtistLink name={entry.artistName} artistId={entry.artistId} className="muted" />
                  </span>
                </div>
                {isOwner && (
                  <button
                    type="button"
                    className="btn btn-ghost profile-music__remove"
                    aria-label={t`Remove ${name} from Want to Listen`}
                    onClick={() => {
                      setError(null);
                      removeLater.mutate(entry.id, {
                        onError: () => setError(t`Failed to remove from Want to Listen. Please try again.`),
                      });
                    }}
                  >
                    {t`Remove`}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <FormError message={view === 'later' ? error : null} />
    </section>
  );
}
