import type { AlbumDetail } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { sentenceCase } from '../../../lib/catalog/format.ts';
import { formatReleaseDate, formatRuntime } from '../../../lib/catalog/labels.ts';
import { paths } from '../../../lib/paths.ts';

/** "17 songs, 47 min"; the runtime is left out when a track's length is unknown. */
export function trackSummary(album: Pick<AlbumDetail, 'trackCount' | 'runtimeMs'>): string {
  const songs = plural(album.trackCount, { one: '# song', other: '# songs' });
  if (album.runtimeMs === null) return songs;
  const runtime = formatRuntime(album.runtimeMs);
  return t`${songs}, ${runtime}`;
}

/** Release date, track count and runtime, and the genres, each a link to its chart. */
export function AlbumFacts({ album }: { album: AlbumDetail }) {
  return (
    <div className="album-facts">
      <p className="album-facts__line">
        {album.releaseDate && (
          <>
            <span className="visually-hidden">{t`Released`} </span>
            <time dateTime={album.releaseDate}>{formatReleaseDate(album.releaseDate)}</time>
            <span aria-hidden="true"> · </span>
          </>
        )}
        <span>{trackSummary(album)}</span>
      </p>
      {album.genres.length > 0 && (
        <ul className="album-genres" aria-label={t`Genres`}>
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
