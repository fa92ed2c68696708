import type { ListEntry } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { CoverImage } from '../../../components/ui/cover-image.tsx';
import { paths } from '../../../lib/paths.ts';
import { EntryNoteEditor } from './entry-note.tsx';

export const entryName = (entry: ListEntry) => entry.song?.title ?? entry.album.name;

export interface EntryControls {
  index: number;
  count: number;
  busy: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
  onSaveNote: (note: string) => Promise<unknown>;
}

/**
 * One entry: its number when the list is ranked, cover, names, note; for the owner, Move up and
 * Move down (the keyboard's way to reorder; dragging the row is the pointer's), Edit note, Remove.
 */
export function ListEntryRow({
  entry,
  ranked,
  controls,
}: {
  entry: ListEntry;
  ranked: boolean;
  controls?: EntryControls;
}) {
  const [editing, setEditing] = useState(false);
  const name = entryName(entry);
  return (
    <div className="list-entry">
      {ranked && (
        <span className="list-entry__rank" aria-hidden="true">
          {entry.position}
        </span>
      )}
      <CoverImage src={entry.album.imageUrl} alt="" className="cover-image list-entry__cover" />
      <div className="list-entry__body">
        <Link to={paths.album(entry.album.id)} className="list-entry__title">
          {name}
        </Link>
        <span className="list-entry__sub">
          {entry.song ? `${entry.album.name} · ${entry.album.artistName}` : entry.album.artistName}
        </span>
        {entry.note && !editing && <p className="list-entry__note">{entry.note}</p>}
        {controls && editing && (
          <EntryNoteEditor
            label={t`Note on ${name}`}
            initial={entry.note}
            onSave={controls.onSaveNote}
            onDone={() => setEditing(false)}
          />
        )}
      </div>
      {controls && (
        <div className="list-entry__buttons">
          <button
            type="button"
            className="btn btn-ghost"
            id={`move-up-${entry.itemId}`}
            aria-label={t`Move ${name} up`}
            onClick={() => controls.onMove(controls.index - 1)}
            disabled={controls.index === 0 || controls.busy}
          >
            {t`↑ Up`}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            id={`move-down-${entry.itemId}`}
            aria-label={t`Move ${name} down`}
            onClick={() => controls.onMove(controls.index + 1)}
            disabled={controls.index === controls.count - 1 || controls.busy}
          >
            {t`↓ Down`}
          </button>
          {!editing && (
            <button
              type="button"
              className="btn btn-ghost"
              aria-label={entry.note ? t`Edit note on ${name}` : t`Add note on ${name}`}
              onClick={() => setEditing(true)}
            >
              {entry.note ? t`Edit note` : t`Add note`}
            </button>
          )}
          <button
            type="button"
            className="btn btn-ghost"
            aria-label={t`Remove ${name}`}
            onClick={controls.onRemove}
            disabled={controls.busy}
          >
            {t`Remove`}
          </button>
        </div>
      )}
    </div>
  );
}
