import { useParams } from 'react-router';
import { ArtistPage } from '../../features/artists/components/artist-page.tsx';

/** /artist/:artistId: an artist's discography and top songs. */
export function Component() {
  const { artistId = '' } = useParams();
  return <ArtistPage artistId={artistId} />;
}
