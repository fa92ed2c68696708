import type { FeaturedPlaylist } from '@liner/shared';
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
  return (
    <li className="admin-playlist">
      <PlaylistCover playlist={playlist} className="admin-playlist__cover" />
      <div className="admin-playlist__body">
        <div className="admin-playlist__heading">
          <h3 className="admin-playlist__title">{playlist.title}</h3>
          <span
            className={`admin-playlist__status admin-playlist__status--${playlist.isActive ? 'active' : 'inactive'}`}
          >
            {playlist.isActive ? 'Active' : 'Inactive'}
          </span>
        </div>
        <p className="admin-playlist__id">
          ID: <code>{playlist.id}</code>
        </p>
        {playlist.description && <p className="admin-playlist__description">{playlist.description}</p>}
        <a className="admin-playlist__link" href={playlist.spotifyUrl} target="_blank" rel="noopener noreferrer">
          View on Spotify
        </a>
      </div>
      <div className="admin-playlist__actions">
        <button
          type="button"
          className="btn"
          onClick={onToggle}
          disabled={toggling}
          aria-label={`${playlist.isActive ? 'Disable' : 'Enable'} ${playlist.title}`}
        >
          {playlist.isActive ? 'Disable' : 'Enable'}
        </button>
        <button type="button" className="btn btn-danger" onClick={onDelete} aria-label={`Delete ${playlist.title}`}>
          Delete
        </button>
      </div>
    </li>
  );
}
