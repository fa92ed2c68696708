import type { ChartAlbum, ChartSong, Listeners } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { ArtistLink } from '../../../components/ui/album-card.tsx';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { listenersCount, oneDecimal } from '../../../lib/catalog/format.ts';
import { albumTypeLabel } from '../../../lib/catalog/labels.ts';
import { paths } from '../../../lib/paths.ts';
import { yearOf } from '../chart-filters.ts';

/** "★ 4.3 · 12 listeners", read out as words rather than a star sign. */
function ListenerScore({ listeners }: { listeners: Listeners }) {
  const people = listenersCount(listeners.count);
  if (listeners.average === null) return <span className="chart-row__score">{people}</span>;
  const average = oneDecimal(listeners.average);
  return (
    <span className="chart-row__score">
      <span aria-hidden="true">
        <span className="chart-row__star">★</span> {average} · {people}
      </span>
      <span className="visually-hidden">{t`${average} stars from ${people}`}</span>
    </span>
  );
}

/**
 * One ranked line: rank, cover, the title linking to its album, the artist linking to theirs, what
 * and when, the score. The cover beside the title says nothing more, so it is no link of its own.
 */
function ChartRow({
  rank,
  cover,
  title,
  albumId,
  artist,
  artistId,
  details,
  listeners,
}: {
  rank: number;
  cover: string;
  title: string;
  albumId: string;
  artist: string;
  artistId: string;
  details: (string | null)[];
  listeners: Listeners;
}) {
  const detail = details.filter(Boolean).join(' · ');
  return (
    <li className="chart-row" data-rank={rank}>
      <span className="chart-row__rank">{rank}</span>
      <CoverImage src={cover} alt="" className="cover-image chart-row__cover" />
      <span className="chart-row__text">
        <Link to={paths.album(albumId)} className="chart-row__title">
          {title}
        </Link>
        <ArtistLink name={artist} artistId={artistId} className="chart-row__artist" />
        {detail && <span className="chart-row__detail">{detail}</span>}
      </span>
      <ListenerScore listeners={listeners} />
    </li>
  );
}

/** An album needs no "Album" beside it; the other types say what they are. */
const typeName = (type: ChartAlbum['type']) => (type === 'album' ? null : albumTypeLabel(type));

export function AlbumChartRow({ entry }: { entry: ChartAlbum }) {
  return (
    <ChartRow
      rank={entry.rank}
      cover={entry.album.imageUrl}
      title={entry.album.name}
      albumId={entry.album.id}
      artist={entry.album.artistName}
      artistId={entry.artistId}
      details={[yearOf(entry.album.releaseDate), typeName(entry.type)]}
      listeners={entry.listeners}
    />
  );
}

export function SongChartRow({ entry }: { entry: ChartSong }) {
  return (
    <ChartRow
      rank={entry.rank}
      cover={entry.song.img}
      title={entry.song.title}
      albumId={entry.song.albumId}
      artist={entry.song.artist}
      artistId={entry.song.artistId}
      details={[entry.albumName, yearOf(entry.releaseDate)]}
      listeners={entry.listeners}
    />
  );
}
