import { t } from '@lingui/core/macro';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { ArtistLink } from '../../../components/ui/album-card.tsx';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { oneDecimal } from '../../../lib/catalog/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useDiary } from '../api/get-diary.ts';
import { dayOfMonth, groupByMonth } from '../diary-months.ts';
import { DiarySongs } from './diary-songs.tsx';
import './listens.css';

/**
 * The profile's Diary tab: listens newest first under a heading per month, each with
 * its day, the album's cover, title and artist, the songs heard when known, 'Relisten', and the
 * person's rating of the album. `lead` opens it (the way to the year in music, given by the route).
 */
export function ProfileDiary({ userId, isOwner, lead }: { userId: string; isOwner: boolean; lead?: ReactNode }) {
  const diary = useDiary(userId);
  const headingId = useId();
  const months = groupByMonth(diary.data?.pages.flatMap((page) => page.entries) ?? []);

  return (
    <section className="profile-diary" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t`Diary`}
      </h2>
      {lead}
      {diary.isPending ? (
        <PendingState fetchStatus={diary.fetchStatus} label={t`Loading diary...`} />
      ) : diary.isError ? (
        <p className="form-error">{t`Error loading diary: ${userMessage(diary.error, t`Failed to load the diary`)}`}</p>
      ) : months.length === 0 ? (
        <p className="muted">
          {isOwner
            ? t`You haven't logged any listens yet. Use 'Log a listen' on an album's page.`
            : t`This user hasn't logged any listens yet.`}
        </p>
      ) : (
        <>
          {months.map((month) => (
            <div key={month.key} className="diary-month">
              <h3>{month.label}</h3>
              <ol className="diary-month__list">
                {month.entries.map((entry) => {
                  const name = entry.album.name;
                  return (
                    <li key={entry.id} className="diary-row">
                      <time className="diary-row__day" dateTime={entry.listenedOn}>
                        {dayOfMonth(entry.listenedOn)}
                      </time>
                      <CoverImage src={entry.album.imageUrl} alt={t`${name} cover`} />
                      <span className="diary-row__album">
                        <Link to={paths.album(entry.album.id)} className="diary-row__title">
                          {entry.album.name}
                        </Link>
                        <ArtistLink name={entry.album.artistName} artistId={entry.album.artistId} className="muted" />
                        <DiarySongs songs={entry.songs} albumName={entry.album.name} />
                      </span>
                      <span className="diary-row__marks">
                        {entry.relisten && <span className="listen-badge">{t`Relisten`}</span>}
                        {entry.rating !== null && (
                          <span className="diary-row__rating">
                            <span className="visually-hidden">{t`Rated`} </span>
                            <span aria-hidden="true">★ </span>
                            {oneDecimal(entry.rating)}
                          </span>
                        )}
                      </span>
                    </li>
                  );
                })}
              </ol>
            </div>
          ))}
          {diary.hasNextPage && (
            <button
              type="button"
              className="btn"
              disabled={diary.isFetchingNextPage}
              onClick={() => void diary.fetchNextPage()}
            >
              {diary.isFetchingNextPage ? t`Loading...` : t`Load more`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
