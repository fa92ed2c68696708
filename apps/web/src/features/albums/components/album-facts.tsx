import type { AlbumDetail } from '@liner/shared';
import { Link } from 'react-router';
import { formatReleaseDate, formatRuntime, plural, sentenceCase } from '../../../lib/catalog/format.ts';
import { paths } from '../../../lib/paths.ts';

/** "17 songs, 47 min"; the runtime is left out when a track's length is unknown. */
export function trackSummary(album: Pick<AlbumDetail, 'trackCount' | 'runtimeMs'>): string {
  const songs = plural(album.trackCount, 'song');
  return album.runtimeMs === null ? songs : `${songs}, ${formatRuntime(album.runtimeMs)}`;
}

/** Release date, track count and runtime, and the genres, each a link to its chart. */
export function AlbumFacts({ album }: { album: AlbumDetail }) {
  return (
    <div className="album-facts">
      <p className="album-facts__line">
        {album.releaseDate && (
          <>
            <span className="visually-hidden">Released </span>
            <time dateTime={album.releaseDate}>{formatReleaseDate(album.releaseDate)}</time>
            <span aria-hidden="true"> · </span>
          </>
        )}
        <span>{trackSummary(album)}</span>
      </p>
      {album.genres.length > 0 && (
        <ul className="album-genres" aria-label="Genres">
          {album.genres.map((genre) => (
            <li key={genre.slug}>
              <Link to={paths.charts(new URLSearchParams({ genre: genre.slug }).toString())} className="genre-chip">
                {sentenceCase(genre.name)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
