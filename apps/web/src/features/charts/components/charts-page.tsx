import { plural, t } from '@lingui/core/macro';
import { useSearchParams } from 'react-router';
import { SkeletonBlock } from '../../../components/ui/skeleton.tsx';
import { TabRow } from '../../../components/ui/tabs.tsx';
import { useChart } from '../api/use-chart.ts';
import { type ChartFilters, type ChartKind, filtersFromParams, paramsFromFilters } from '../chart-filters.ts';
import { ChartFilterBar } from './chart-filter-bar.tsx';
import { ChartResults } from './chart-results.tsx';
import { AlbumChartRow, SongChartRow } from './chart-row.tsx';
import '../../../components/ui/form.css';
import '../../../components/ui/page-header.css';
import './charts.css';

const kinds = (): { value: ChartKind; label: string }[] => [
  { value: 'albums', label: t`Albums` },
  { value: 'songs', label: t`Songs` },
];

/** How the ranking works, with the server's own minimum, so nobody wonders why an album is missing. */
function RankingNote({ noun, minListeners }: { noun: 'album' | 'song'; minListeners: number | undefined }) {
  if (minListeners === undefined) {
    return <SkeletonBlock className="skeleton--text chart-note-placeholder" />;
  }
  return (
    <p>
      {noun === 'album'
        ? plural(minListeners, {
            one: "Ranked by listeners' ratings; an album needs at least # listener, and a few enthusiastic ratings can't top the chart.",
            other:
              "Ranked by listeners' ratings; an album needs at least # listeners, and a few enthusiastic ratings can't top the chart.",
          })
        : plural(minListeners, {
            one: "Ranked by listeners' ratings; a song needs at least # listener, and a few enthusiastic ratings can't top the chart.",
            other:
              "Ranked by listeners' ratings; a song needs at least # listeners, and a few enthusiastic ratings can't top the chart.",
          })}
    </p>
  );
}

/**
 * Charts people trust: the best albums or songs, narrowed by genre, period and type.
 * The filters live in the address (a chart is a link to share, and Back restores the one before);
 * a new filter is a new chart from rank 1, its pages fetched by "Load more".
 */
export function ChartsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const chart = useChart(filters);
  const noun = filters.kind === 'albums' ? 'album' : 'song';
  const filtered = Boolean(filters.genre || filters.year || filters.decade || filters.type);
  const change = (next: ChartFilters) => setParams(paramsFromFilters(next));

  return (
    <div className="page charts-page">
      <header className="page-header">
        <h1>{t`Charts`}</h1>
        <RankingNote noun={noun} minListeners={chart.query.data?.pages[0]?.minListeners} />
      </header>
      <TabRow label={t`Chart`} tabs={kinds()} value={filters.kind} onChange={(kind) => change({ ...filters, kind })} />
      <ChartFilterBar filters={filters} onChange={change} />
      {chart.kind === 'albums' ? (
        <ChartResults
          query={chart.query}
          noun="album"
          filtered={filtered}
          renderEntry={(entry) => <AlbumChartRow key={entry.album.id} entry={entry} />}
        />
      ) : (
        <ChartResults
          query={chart.query}
          noun="song"
          filtered={filtered}
          renderEntry={(entry) => <SongChartRow key={entry.song.id} entry={entry} />}
        />
      )}
    </div>
  );
}
