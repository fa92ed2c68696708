import { sorter } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type ReactNode, useState } from 'react';
import { intlLocale } from '../../../lib/i18n/i18n.ts';
import { type RankedAlbum, RankingCard } from './ranking-card.tsx';
import '../../../components/ui/card.css';
import '../../../components/ui/progress-bar.css';
import './sorter.css';

/**
 * The sorting flow for a list of songs (spec §2 and §4, Song sorter; DESIGN.md decision 4):
 * 'Start Sorting', then 'Choose your favorite' pairs with progress and Undo, then the ranking.
 */
export function SongSorter({
  album,
  songs,
  header,
  rankingActions,
}: {
  album: RankedAlbum;
  songs: string[];
  /** Shown above the questions; the final card has its own header. */
  header?: ReactNode;
  /** More to do with a finished ranking (the page's "Save as list"), given the songs' indexes in order. */
  rankingActions?: (order: number[]) => ReactNode;
}) {
  // Indexes are sorted, not titles: two songs of an album may share a title.
  const [state, setState] = useState<sorter.SorterState<number> | null>(null);

  if (!state) {
    return (
      <>
        {header}
        <div className="sorter-actions sorter-actions--start">
          <button
            type="button"
            className="btn btn-primary sorter-start"
            onClick={() => setState(sorter.createSorter(songs.map((_, i) => i)))}
            disabled={songs.length === 0}
          >
            {t`Start Sorting`}
          </button>
          {songs.length === 0 && <p className="sorter-muted">{t`This album has no tracks to sort.`}</p>}
        </div>
      </>
    );
  }

  const question = sorter.nextQuestion(state);
  if (!question) {
    const order = sorter.ranking(state);
    return (
      <>
        <RankingCard album={album} songs={order.map((i) => songs[i] ?? '')} />
        {rankingActions?.(order)}
      </>
    );
  }

  const asked = sorter.questionsAsked(state);
  const total = sorter.estimatedTotalQuestions(state);
  const numbers = new Intl.NumberFormat(intlLocale());
  const number = numbers.format(asked + 1);
  const about = numbers.format(total);
  const choose = (preferLeft: boolean) => setState(sorter.answer(state, preferLeft));

  return (
    <>
      {header}
      <section className="card sorter-card sorter-question" aria-labelledby="sorter-question-title">
        <h2 id="sorter-question-title">{t`Choose your favorite`}</h2>
        <p className="sorter-progress" aria-live="polite">
          {t`Question ${number} of about ${about}`}
        </p>
        <progress
          className="progress-bar sorter-progress__bar"
          value={asked}
          max={total}
          aria-label={t`Sorting progress`}
        />
        <div className="sorter-pair">
          <button type="button" className="sorter-song" onClick={() => choose(true)}>
            {songs[question.left]}
          </button>
          <span className="sorter-pair__or" aria-hidden="true">
            {t`or`}
          </span>
          <button type="button" className="sorter-song" onClick={() => choose(false)}>
            {songs[question.right]}
          </button>
        </div>
        <div className="sorter-actions">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => setState(sorter.undo(state))}
            disabled={!sorter.canUndo(state)}
          >
            {t`Undo`}
          </button>
        </div>
      </section>
    </>
  );
}
