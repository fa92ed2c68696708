import type { ChartAlbum, ChartSong, Listeners } from '@liner/shared';
import { Link } from 'react-router';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { paths } from '../../../lib/paths.ts';
import { yearOf } from '../chart-filters.ts';

/** "★ 4.3 · 12 listeners", read out as words rather than a star sign. */
function ListenerScore({ listeners }: { listeners: Listeners }) {
  const people = `${listeners.count} listener${listeners.count === 1 ? '' : 's'}`;
  if (listeners.average === null) return <span className="chart-row__score">{people}</span>;
  const average = listeners.average.toFixed(1);
  return (
    <span className="chart-row__score">
      <span aria-hidden="true">
        <span className="chart-row__star">★</span> {average} · {people}
      </span>
      <span className="visually-hidden">
        {average} stars from {people}
      </span>
    </span>
  );
}

/**
 * One ranked line: rank, cover, the title linking to its album, artist, what and when, the score.
 * The title is the row's one link (the cover beside it says nothing more), so Tab goes row by row.
 */
function ChartRow({
  rank,
  cover,
  title,
  albumId,
  artist,
  details,
  listeners,
}: {
  rank: number;
  cover: string;
  title: string;
  albumId: string;
  artist: string;
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
        <span className="chart-row__artist">{artist}</span>
        {detail && <span className="chart-row__detail">{detail}</span>}
      </span>
      <ListenerScore listeners={listeners} />
    </li>
  );
}

const TYPE_NAMES: Record<ChartAlbum['type'], string | null> = {
  album: null,
  ep: 'EP',
  single: 'Single',
  live: 'Live',
  compilation: 'Compilation',
};

export function AlbumChartRow({ entry }: { entry: ChartAlbum }) {
  return (
    <ChartRow
      rank={entry.rank}
      cover={entry.album.imageUrl}
      title={entry.album.name}
      albumId={entry.album.id}
      artist={entry.album.artistName}
      details={[yearOf(entry.album.releaseDate), TYPE_NAMES[entry.type]]}
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
      details={[entry.albumName, yearOf(entry.releaseDate)]}
      listeners={entry.listeners}
    />
  );
}
