import type { List } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useChangeList } from '../api/change-list.ts';
import { useReorderList } from '../api/reorder-list.ts';
import { entryName, ListEntryRow } from './list-entry-row.tsx';
import { moveItem } from './reorder.ts';

/**
 * The entries, in order. The owner reorders by dragging a row onto another, or with each row's
 * Move up / Move down buttons; either way the whole new order is sent at once (PUT …/order),
 * shown at once and rolled back if refused. A polite live region says where an entry went, and
 * focus stays on the button that moved it.
 */
export function ListEntries({ list, owner }: { list: List; owner: boolean }) {
  const reorder = useReorderList(list.id);
  const change = useChangeList(list.id);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{
    itemId: string;
    direction: 'up' | 'down';
    index: number;
  } | null>(null);
  const ids = list.entries.map((entry) => entry.itemId);
  const order = ids.join('\n');

  // Once the row shows in its new place (moving it in the page drops focus), its button takes focus
  // again; at the top or bottom, where that button is now disabled, its twin does.
  useEffect(() => {
    if (!focusAfterMove || order.split('\n').indexOf(focusAfterMove.itemId) !== focusAfterMove.index) return;
    const { itemId, direction } = focusAfterMove;
    const other = direction === 'up' ? 'down' : 'up';
    const button = document.getElementById(`move-${direction}-${itemId}`) as HTMLButtonElement | null;
    const twin = document.getElementById(`move-${other}-${itemId}`) as HTMLButtonElement | null;
    (button && !button.disabled ? button : twin)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, order]);

  function move(from: number, to: number) {
    const next = moveItem(ids, from, to);
    if (next.join() === ids.join()) return;
    const itemId = ids[from] as string;
    const entry = list.entries[from];
    reorder.mutate(next);
    setFocusAfterMove({ itemId, direction: to < from ? 'up' : 'down', index: next.indexOf(itemId) });
    if (entry) {
      const name = entryName(entry);
      const position = next.indexOf(itemId) + 1;
      const total = next.length;
      setAnnouncement(t`${name} moved to position ${position} of ${total}`);
    }
  }

  if (list.entries.length === 0) {
    return (
      <p className="lists-muted">{owner ? t`Nothing here yet: add the first entry above.` : t`This list is empty.`}</p>
    );
  }

  const error = reorder.error ?? change.error;
  const Tag = list.ranked ? 'ol' : 'ul';
  return (
    <>
      <FormError message={error ? userMessage(error, t`Could not change the list. Please try again.`) : null} />
      <Tag className="list-entries" aria-label={t`Entries`}>
        {list.entries.map((entry, index) => (
          <li
            key={entry.itemId}
            className={`list-entries__item${dragging === entry.itemId ? ' list-entries__item--dragging' : ''}`}
            draggable={owner}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', entry.itemId);
              setDragging(entry.itemId);
            }}
            onDragEnd={() => setDragging(null)}
            onDragOver={(event) => {
              if (dragging) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              const from = dragging ? ids.indexOf(dragging) : -1;
              setDragging(null);
              if (from >= 0) move(from, index);
            }}
          >
            <ListEntryRow
              entry={entry}
              ranked={list.ranked}
              controls={
                owner
                  ? {
                      index,
                      count: ids.length,
                      busy: change.isPending,
                      onMove: (to) => move(index, to),
                      onRemove: () => change.mutate({ type: 'remove', itemId: entry.itemId }),
                      onSaveNote: (note) => change.mutateAsync({ type: 'note', itemId: entry.itemId, note }),
                    }
                  : undefined
              }
            />
          </li>
        ))}
      </Tag>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
