import type { FeaturedPlaylist } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { PlaylistCover } from './playlist-cover.tsx';
import './admin-dashboard.css';

export function PlaylistRow({
  playlist,
  toggling,
  onToggle,
  onDelete,
}: {
  playlist: FeaturedPlaylist;
  toggling: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const title = playlist.title;
  const id = playlist.id;
  return (
    <li className="admin-playlist">
      <PlaylistCover playlist={playlist} className="admin-playlist__cover" />
      <div className="admin-playlist__body">
        <div className="admin-playlist__heading">
          <h3 className="admin-playlist__title">{playlist.title}</h3>
          <span
            className={`admin-playlist__status admin-playlist__status--${playlist.isActive ? 'active' : 'inactive'}`}
          >
            {playlist.isActive ? t`Active` : t`Inactive`}
          </span>
        </div>
        <p className="admin-playlist__id">{richText(t`ID: <0>${id}</0>`, [(words) => <code>{words}</code>])}</p>
        {playlist.description && <p className="admin-playlist__description">{playlist.description}</p>}
        <a className="admin-playlist__link" href={playlist.spotifyUrl} target="_blank" rel="noopener noreferrer">
          {t`View on Spotify`}
        </a>
      </div>
      <div className="admin-playlist__actions">
        <button
          type="button"
          className="btn"
          onClick={onToggle}
          disabled={toggling}
          aria-label={playlist.isActive ? t`Disable ${title}` : t`Enable ${title}`}
        >
          {playlist.isActive ? t`Disable` : t`Enable`}
        </button>
        <button type="button" className="btn btn-danger" onClick={onDelete} aria-label={t`Delete ${title}`}>
          {t`Delete`}
        </button>
      </div>
    </li>
  );
}
