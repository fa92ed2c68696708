import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useAlbumLists } from '../api/get-lists.ts';
import './lists.css';

const SHOWN = 5;

/** The album page's "Lists with this album": public lists holding it or its songs, newest first. */
export function AlbumLists({ albumId }: { albumId: string }) {
  const lists = useAlbumLists(albumId);
  const found = lists.data?.pages.flatMap((page) => page.lists) ?? [];
  if (found.length === 0) return null;
  return (
    <nav className="album-lists" aria-label={t`Lists with this album`}>
      <span className="album-lists__label">{t`Lists with this album:`}</span>
      <ul>
        {found.slice(0, SHOWN).map((list) => {
          const owner = list.userDisplayName;
          return (
            <li key={list.id}>
              <Link to={paths.list(list.id)}>{list.title}</Link>
              <span className="lists-muted"> {t`by ${owner}`}</span>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
