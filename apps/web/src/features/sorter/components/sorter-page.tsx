import { plural, t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { ApiRequestError, userMessage } from '../../../lib/api-client.ts';
import { useAlbum } from '../../../lib/catalog/get-album.ts';
import { AlbumPicker } from './album-picker.tsx';
import { SongSorter } from './song-sorter.tsx';
import '../../../components/ui/card.css';
import './sorter.css';
import '../../../components/ui/form.css';

/** /sorter: pick an album (or arrive with ?album=ID), then rank its songs. */
export function SorterPage({
  albumId,
  onChooseAlbum,
  rankingActions,
}: {
  albumId: string | null;
  onChooseAlbum: (albumId: string | null) => void;
  /** What the page adds under a finished ranking (the lists feature's "Save as list"), given the track ids in order. */
  rankingActions?: (album: { id: string; name: string }, trackIds: string[]) => ReactNode;
}) {
  const album = useAlbum(albumId ?? '', { enabled: Boolean(albumId), staleTime: 5 * 60_000 });
  const name = album.data?.name ?? '';

  return (
    <div className="page sorter-page">
      <PageHeader
        title={t`Song Sorter`}
        subtitle={t`Rank an album's songs, two at a time. Your favorite ends up on top.`}
      />

      {!albumId && <AlbumPicker onChoose={onChooseAlbum} />}

      {albumId && album.isPending && <PendingState fetchStatus={album.fetchStatus} className="sorter-muted" />}

      {albumId && album.isError && (
        <>
          <p className="form-error" role="alert">
            {album.error instanceof ApiRequestError && album.error.status === 404
              ? t`Album not found`
              : t`Error loading album: ${userMessage(album.error, t`Please try again.`)}`}
          </p>
          <AlbumPicker onChoose={onChooseAlbum} />
        </>
      )}

      {album.data && (
        // A new album starts a new sort: the key drops the old one's state.
        <div key={album.data.id} className="sorter-flow">
          <SongSorter
            album={{ name: album.data.name, artists: [album.data.artistName], coverUrl: album.data.imageUrl }}
            songs={album.data.tracks.map((track) => track.name)}
            rankingActions={(order) => {
              const { id, name, tracks } = album.data ?? { id: '', name: '', tracks: [] };
              return rankingActions?.(
                { id, name },
                order.map((i) => tracks[i]?.id ?? ''),
              );
            }}
            header={
              <section className="card sorter-card sorter-album" aria-label={t`Album`}>
                <img className="sorter-album__cover" src={album.data.imageUrl} alt={t`${name} cover`} />
                <div>
                  <h2 className="sorter-album__name">{album.data.name}</h2>
                  <p className="sorter-muted">{album.data.artistName}</p>
                  <p className="sorter-muted">
                    {plural(album.data.tracks.length, { one: '# song', other: '# songs' })}
                  </p>
                  <button
                    type="button"
                    className="btn btn-ghost sorter-album__change"
                    onClick={() => onChooseAlbum(null)}
                  >
                    {t`Choose a different album`}
                  </button>
                </div>
              </section>
            }
          />
        </div>
      )}
    </div>
  );
}
