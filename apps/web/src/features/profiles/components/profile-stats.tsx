import type { ProfileStats } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { FormError } from '../../../components/ui/form-message.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { oneDecimal } from '../../../lib/catalog/format.ts';
import { intlLocale } from '../../../lib/i18n/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useUserStats } from '../api/get-user-stats.ts';
import { albumsCount, RatingDistribution } from './rating-distribution.tsx';
import './profile-substance.css';

/** A profile's numbers: what the person rated, how, and what most. */
export function ProfileStatsPanel({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const stats = useUserStats(userId);
  return (
    <section className="profile-panel profile-stats" aria-labelledby="profile-stats-heading">
      <h2 id="profile-stats-heading">{t`Stats`}</h2>
      {stats.isPending ? (
        <PendingState fetchStatus={stats.fetchStatus} />
      ) : stats.isError ? (
        <FormError message={t`Stats could not be loaded. Please try refreshing the page.`} />
      ) : (
        <StatsBody stats={stats.data} isOwner={isOwner} />
      )}
    </section>
  );
}

function StatsBody({ stats, isOwner }: { stats: ProfileStats; isOwner: boolean }) {
  const numbers = new Intl.NumberFormat(intlLocale());
  return (
    <>
      <dl className="profile-stats__numbers">
        <div>
          <dt>{t`Albums rated`}</dt>
          <dd data-testid="albums-rated">{numbers.format(stats.albumsRated)}</dd>
        </div>
        <div>
          <dt>{t`Songs rated`}</dt>
          <dd data-testid="songs-rated">{numbers.format(stats.songsRated)}</dd>
        </div>
        <div>
          <dt>{t`Average rating`}</dt>
          <dd data-testid="average-rating">
            {stats.averageRating === null ? (
              '–'
            ) : (
              <>
                <span aria-hidden="true">★ </span>
                {oneDecimal(stats.averageRating)}
              </>
            )}
          </dd>
        </div>
      </dl>
      {stats.albumsRated === 0 ? (
        <p className="muted">
          {isOwner ? t`Rate some albums and your stats will show here.` : t`No albums rated yet.`}
        </p>
      ) : (
        <>
          <h3 className="profile-stats__subheading">{t`Ratings`}</h3>
          <RatingDistribution distribution={stats.distribution} />
          <div className="profile-stats__tops">
            <TopList
              title={t`Top genres`}
              entries={stats.topGenres.map((genre) => ({
                key: genre.slug,
                name: genre.name,
                to: paths.charts(new URLSearchParams({ genre: genre.slug }).toString()),
                albums: genre.albums,
              }))}
            />
            <TopList
              title={t`Top artists`}
              entries={stats.topArtists.map((artist) => ({
                key: artist.id,
                name: artist.name,
                to: paths.artist(artist.id),
                albums: artist.albums,
              }))}
            />
          </div>
        </>
      )}
    </>
  );
}

function TopList({
  title,
  entries,
}: {
  title: string;
  entries: Array<{ key: string; name: string; to: string; albums: number }>;
}) {
  if (entries.length === 0) return null;
  return (
    <div>
      <h3 className="profile-stats__subheading">{title}</h3>
      <ol className="profile-stats__top">
        {entries.map((entry) => (
          <li key={entry.key}>
            <Link to={entry.to}>{entry.name}</Link>
            <span className="muted">{albumsCount(entry.albums)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
