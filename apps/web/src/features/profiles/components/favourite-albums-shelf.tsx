import { type AlbumSummary, FAVOURITE_ALBUMS_MAX } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { paths } from '../../../lib/paths.ts';
import { useFavouriteAlbums } from '../api/get-favourite-albums.ts';
import { type AlbumChoice, FavouritesDialog } from './favourites-dialog.tsx';
import './profile-substance.css';

/**
 * The "Favourite albums" shelf: four places, filled in the order the person chose.
 * Its owner edits it; `collection` is what they can pick from besides searching the catalogue.
 */
export function FavouriteAlbumsShelf({
  userId,
  isOwner,
  collection,
}: {
  userId: string;
  isOwner: boolean;
  collection?: AlbumChoice[];
}) {
  const shelf = useFavouriteAlbums(userId);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const albums = shelf.data?.albums ?? [];
  const places = FAVOURITE_ALBUMS_MAX;
  return (
    <section className="profile-panel favourites" aria-labelledby="favourites-heading">
      <div className="favourites__head">
        <h2 id="favourites-heading">{t`Favourite albums`}</h2>
        {isOwner && shelf.data && (
          <button ref={editButton} type="button" className="btn btn-ghost" onClick={() => setEditing(true)}>
            {t`Edit favourites`}
          </button>
        )}
      </div>
      {shelf.isPending ? (
        <PendingState fetchStatus={shelf.fetchStatus} />
      ) : albums.length === 0 ? (
        <p className="muted">
          {isOwner
            ? plural(places, {
                one: 'Choose up to # album to show first on your profile.',
                other: 'Choose up to # albums to show first on your profile.',
              })
            : t`No favourite albums chosen yet.`}
        </p>
      ) : (
        <ol className="favourites__shelf">
          {albums.map((album) => (
            <ShelfAlbum key={album.id} album={album} />
          ))}
          {isOwner &&
            Array.from({ length: FAVOURITE_ALBUMS_MAX - albums.length }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: empty places have nothing else to tell them apart
              <li key={`empty-${i}`} className="favourites__empty" aria-hidden="true" />
            ))}
        </ol>
      )}
      {editing && (
        <FavouritesDialog
          initial={albums}
          collection={collection}
          onClose={() => {
            setEditing(false);
            editButton.current?.focus();
          }}
        />
      )}
    </section>
  );
}

function ShelfAlbum({ album }: { album: AlbumSummary }) {
  return (
    <li className="favourites__album">
      <Link to={paths.album(album.id)} className="favourites__link">
        <CoverImage src={album.imageUrl} alt="" />
        <span className="favourites__title">{album.name}</span>
      </Link>
      <span className="favourites__artist muted">{album.artistName}</span>
    </li>
  );
}
