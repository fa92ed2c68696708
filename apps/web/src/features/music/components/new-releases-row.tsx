import { t } from '@lingui/core/macro';
import { AlbumCard } from '../../../components/ui/album-card.tsx';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { SkeletonCards, SkeletonState } from '../../../components/ui/skeleton.tsx';
import { useNewReleases } from '../api/get-new-releases.ts';

const NEW_RELEASES_SHOWN = 20;

/** Discover's "New releases" row: the latest released albums, newest first. Hidden if it fails. */
export function NewReleasesRow() {
  const releases = useNewReleases(NEW_RELEASES_SHOWN);
  if (releases.isError || (releases.data && releases.data.albums.length === 0)) return null;
  return (
    <section className="discover-section" aria-labelledby="discover-new-releases">
      <h2 id="discover-new-releases">{t`New releases`}</h2>
      {releases.isPending ? (
        <SkeletonState fetchStatus={releases.fetchStatus}>
          <SkeletonCards count={8} layout="row" />
        </SkeletonState>
      ) : (
        <Carousel label={t`New releases`}>
          {releases.data.albums.map((album) => (
            <AlbumCard key={album.id} album={album} />
          ))}
        </Carousel>
      )}
    </section>
  );
}
