import { FavouriteAlbumsShelf } from './favourite-albums-shelf.tsx';
import type { AlbumChoice } from './favourites-dialog.tsx';
import { ProfileStatsPanel } from './profile-stats.tsx';
import './profile-substance.css';

/** The profile's substance under its header: the favourites shelf and the stats. */
export function ProfileOverview({
  userId,
  isOwner,
  collection,
}: {
  userId: string;
  isOwner: boolean;
  /** The owner's collection, to pick favourites from (the library feature's, given by the route). */
  collection?: AlbumChoice[];
}) {
  return (
    <div className="profile-overview">
      <FavouriteAlbumsShelf userId={userId} isOwner={isOwner} collection={collection} />
      <ProfileStatsPanel userId={userId} isOwner={isOwner} />
    </div>
  );
}
