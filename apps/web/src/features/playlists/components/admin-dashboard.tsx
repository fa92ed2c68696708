import type { FeaturedPlaylist } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { type TabSection, TabSections } from '../../../components/ui/tabs.tsx';
import { ToastRegion, useToasts } from '../../../components/ui/toast.tsx';
import { ApiRequestError, userMessage } from '../../../lib/api-client.ts';
import { useDeletePlaylist } from '../api/delete-playlist.ts';
import { useAdminPlaylists } from '../api/get-admin-playlists.ts';
import { useUpdatePlaylist } from '../api/update-playlist.ts';
import { AddPlaylistForm } from './add-playlist-form.tsx';
import { PlaylistRow } from './playlist-row.tsx';
import '../../../components/ui/card.css';
import './admin-dashboard.css';
import '../../../components/ui/form.css';

export const deleteConfirmation = () => t`Are you sure you want to delete this playlist?`;

/** What a signed-in non-admin sees if they reach the page (spec §2); the API answers 403 anyway. */
export function AccessDenied() {
  return (
    <div className="page center-state">
      <div className="access-denied">
        <h1>{t`Access Denied`}</h1>
        <p>{t`You don't have permission to access this page.`}</p>
      </div>
    </div>
  );
}

function isRefused(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
}

/** Another part of the dashboard, shown as a tab after 'Featured playlists' (`?tab={value}`). */
export interface AdminSection {
  value: string;
  label: string;
  content: ReactNode;
}

const FEATURED = 'featured';

/**
 * Spec §2 'Admin dashboard': add, enable, disable and delete featured playlists, the first and
 * default tab; the route adds the other sections as further tabs.
 */
export function AdminDashboard({ sections = [] }: { sections?: AdminSection[] }) {
  const [params, setParams] = useSearchParams();
  const playlists = useAdminPlaylists();
  const update = useUpdatePlaylist();
  const remove = useDeletePlaylist();
  const { toasts, show, dismiss } = useToasts();
  const [confirming, setConfirming] = useState<FeaturedPlaylist | null>(null);

  if (isRefused(playlists.error)) return <AccessDenied />;

  const toggle = (playlist: FeaturedPlaylist) =>
    update.mutate(
      // Flips the value the admin sees (spec §4, Featured playlist).
      { id: playlist.id, changes: { isActive: !playlist.isActive } },
      {
        onError: (failure) =>
          show('error', t`Failed to toggle playlist status: ${userMessage(failure, t`Please try again.`)}`),
      },
    );

  const confirmDelete = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => show('success', t`Playlist deleted successfully!`),
      onError: (failure) => show('error', t`Failed to delete playlist: ${userMessage(failure, t`Please try again.`)}`),
      onSettled: () => setConfirming(null),
    });
  };

  const featured = (
    <div className="admin-page__grid">
      <section className="card admin-card" aria-labelledby="add-playlist-heading">
        <h2 id="add-playlist-heading">{t`Add Featured Playlist`}</h2>
        <AddPlaylistForm
          onAdded={() => show('success', t`Playlist added successfully!`)}
          onFailed={(message) => show('error', t`Failed to add playlist: ${message}`)}
        />
      </section>

      <section className="card admin-card" aria-labelledby="current-playlists-heading">
        <h2 id="current-playlists-heading">
          {t`Current Featured Playlists`}
          {playlists.data && <span className="admin-card__count">{playlists.data.length}</span>}
        </h2>
        {playlists.isPending ? (
          <PendingState fetchStatus={playlists.fetchStatus} className="admin-card__state" />
        ) : playlists.isError ? (
          <div className="form-error" role="alert">
            {t`Failed to load playlists: ${userMessage(playlists.error, t`Please try again.`)}`}{' '}
            <button type="button" className="btn" onClick={() => playlists.refetch()}>
              {t`Retry`}
            </button>
          </div>
        ) : playlists.data.length === 0 ? (
          <p className="admin-card__state">{t`No featured playlists yet. Add your first playlist above!`}</p>
        ) : (
          <ul className="admin-playlists" aria-label={t`Featured playlists`}>
            {playlists.data.map((playlist) => (
              <PlaylistRow
                key={playlist.id}
                playlist={playlist}
                toggling={update.isPending && update.variables?.id === playlist.id}
                onToggle={() => toggle(playlist)}
                onDelete={() => setConfirming(playlist)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );

  const tabs: TabSection<string>[] = [
    { value: FEATURED, label: t`Featured playlists`, content: featured },
    ...sections,
  ];
  const requested = params.get('tab');
  const tab = tabs.some((section) => section.value === requested) ? (requested as string) : FEATURED;

  return (
    <div className="page admin-page">
      <PageHeader title={t`Admin Dashboard`} subtitle={t`Manage featured playlists on the home page`} />
      {sections.length === 0 ? (
        featured
      ) : (
        <TabSections
          label={t`Admin sections`}
          sections={tabs}
          value={tab}
          onChange={(next) =>
            // The tab is in the address, so a reload or a shared link opens the same one.
            setParams(next === FEATURED ? {} : { tab: next }, { replace: true })
          }
        />
      )}

      {confirming && (
        <ConfirmDialog
          title={t`Delete Playlist`}
          message={deleteConfirmation()}
          confirmLabel={t`Delete`}
          busyLabel={t`Deleting...`}
          busy={remove.isPending}
          danger
          onConfirm={confirmDelete}
          onCancel={() => setConfirming(null)}
        />
      )}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </div>
  );
}
