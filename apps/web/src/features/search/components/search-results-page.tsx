import { isFediverseHandle, SEARCH_PAGE_SIZE } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { Link, useSearchParams } from 'react-router';
import { AlbumCard } from '../../../components/ui/album-card.tsx';
import { useAlbumSearch } from '../../../lib/catalog/search-albums.ts';
import { paths } from '../../../lib/paths.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useUserSearch } from '../api/search-users.ts';
import { FediverseResult } from './fediverse-result.tsx';
import './search-results-page.css';
import '../../../components/ui/form.css';
import '../../../components/ui/album-card.css';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { TabRow } from '../../../components/ui/tabs.tsx';

type Tab = 'all' | 'users' | 'music';
const TABS: Tab[] = ['all', 'users', 'music'];

/** /search?q=…&tab=… (spec §2, Search results). */
export function SearchResultsPage() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const tabParam = params.get('tab');
  const tab: Tab = TABS.includes(tabParam as Tab) ? (tabParam as Tab) : 'all';
  useDocumentTitle(query ? t`Search Results for "${query}"` : t`Search`);
  const users = useUserSearch(query, SEARCH_PAGE_SIZE);
  const albums = useAlbumSearch(query, SEARCH_PAGE_SIZE);
  const userList = users.data?.users ?? [];
  const albumList = albums.data?.albums ?? [];
  const signedIn = useSession().user !== null;
  // An address like @name@example.social is looked for on its server too, when this site federates.
  const isHandle = isFediverseHandle(query);
  const lookingElsewhere = (usePublicConfig({ enabled: isHandle }).data?.federation ?? false) && isHandle;
  const searching = users.isPending || albums.isPending;
  const failed = users.isError && albums.isError;

  const userCount = userList.length;
  const albumCount = albumList.length;
  const label = (kind: Tab) =>
    kind === 'all' ? t`All` : kind === 'users' ? t`Users (${userCount})` : t`Music (${albumCount})`;

  if (!query) {
    return (
      <div className="page">
        <h1>{t`Search`}</h1>
        <p className="muted">{t`Type in the search box above to find albums and people.`}</p>
      </div>
    );
  }

  return (
    <div className="page search-page">
      <h1>{t`Search Results for "${query}"`}</h1>
      <TabRow
        label={t`Result types`}
        tabs={TABS.map((kind) => ({ value: kind, label: label(kind) }))}
        value={tab}
        onChange={(kind) => {
          const next = new URLSearchParams(params);
          next.set('tab', kind);
          // Replace, never push: the tab is a view of the same results, so one Back leaves the page.
          setParams(next, { replace: true });
        }}
      />
      {searching ? (
        <PendingState fetchStatus={users.fetchStatus} label={t`Searching...`} />
      ) : failed ? (
        <p className="form-error" role="alert">
          {t`Failed to search. Please try again.`}
        </p>
      ) : userList.length === 0 && albumList.length === 0 && !lookingElsewhere ? (
        <p className="muted">{t`No results found for "${query}". Try searching with different keywords.`}</p>
      ) : (
        <>
          {lookingElsewhere && <FediverseResult handle={query} signedIn={signedIn} />}
          {tab !== 'music' && userList.length > 0 && (
            <section aria-label={t`Users`} className="search-section">
              <h2>{t`Users`}</h2>
              <div className="user-cards">
                {userList.map((user) => (
                  <Link key={user.id} to={paths.profile(user.displayName)} className="user-card">
                    <img src={user.profilePicture ?? '/default-avatar.svg'} alt="" width={56} height={56} />
                    <span className="user-card__name">{user.displayName}</span>
                    <span className="user-card__bio">{user.bio}</span>
                  </Link>
                ))}
              </div>
            </section>
          )}
          {tab !== 'users' && albumList.length > 0 && (
            <section aria-label={t`Music`} className="search-section">
              <h2>{t`Music`}</h2>
              <div className="album-grid">
                {albumList.map((album) => (
                  <AlbumCard key={album.id} album={album} />
                ))}
              </div>
            </section>
          )}
          {tab === 'users' && userList.length === 0 && <p className="muted">{t`No users match "${query}".`}</p>}
          {tab === 'music' && albumList.length === 0 && <p className="muted">{t`No music matches "${query}".`}</p>}
        </>
      )}
    </div>
  );
}
