import type { AddListEntryBody, ListKind } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { useAddListEntry } from '../api/add-list-entry.ts';
import { useUserLists } from '../api/get-lists.ts';
import './lists.css';

/** What is being added: an album (to album lists) or a song (to song lists). */
export interface ListItem {
  kind: ListKind;
  id: string;
  name: string;
}

/**
 * The album page's "Add to list", for the album and for each of its songs: the signed-in user's
 * lists of that kind, each with an Add button.
 */
export function AddToList({ userId, item }: { userId: string; item: ListItem }) {
  const [open, setOpen] = useState(false);
  const name = item.name;
  return (
    <>
      {item.kind === 'album' ? (
        <button type="button" className="btn add-to-list__album" onClick={() => setOpen(true)}>
          {t`Add to list`}
        </button>
      ) : (
        // One per track row, so each says which song; the name is spoken, not drawn, to keep rows short.
        <button type="button" className="btn btn-ghost add-to-list__song" onClick={() => setOpen(true)}>
          {/* One flex item: the button's gap would otherwise open between "Add" and "to list". */}
          <span>
            {richText(t`Add<0> ${name}</0> to list`, [(words) => <span className="visually-hidden">{words}</span>])}
          </span>
        </button>
      )}
      {open && <AddToListDialog userId={userId} item={item} onClose={() => setOpen(false)} />}
    </>
  );
}

function AddToListDialog({ userId, item, onClose }: { userId: string; item: ListItem; onClose: () => void }) {
  const lists = useUserLists(userId, userId);
  const add = useAddListEntry();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const ofKind = lists.data?.pages.flatMap((page) => page.lists).filter((list) => list.kind === item.kind) ?? [];
  const body: AddListEntryBody = item.kind === 'album' ? { albumId: item.id } : { trackId: item.id };
  const name = item.name;

  function addTo(listId: string, title: string) {
    setOutcome(null);
    add.mutate(
      { listId, body },
      {
        onSuccess: () => setOutcome({ ok: true, message: t`Added ${name} to ${title}` }),
        onError: (error) =>
          setOutcome({ ok: false, message: userMessage(error, t`Could not add it. Please try again.`) }),
      },
    );
  }

  return (
    <Modal title={t`Add ${name} to a list`} onClose={onClose}>
      {lists.isPending ? (
        <PendingState fetchStatus={lists.fetchStatus} className="lists-muted" />
      ) : ofKind.length === 0 ? (
        <p className="lists-muted">
          {richText(
            item.kind === 'album'
              ? t`You have no album lists yet. <0>Make one on Lists</0>.`
              : t`You have no song lists yet. <0>Make one on Lists</0>.`,
            [(words) => <Link to={paths.lists()}>{words}</Link>],
          )}
        </p>
      ) : (
        <ul className="add-to-list" aria-label={item.kind === 'album' ? t`Your album lists` : t`Your song lists`}>
          {ofKind.map((list) => {
            const title = list.title;
            return (
              <li key={list.id} className="add-to-list__item">
                <Link to={paths.list(list.id)} className="add-to-list__title">
                  {list.title}
                </Link>
                <button
                  type="button"
                  className="btn"
                  onClick={() => addTo(list.id, title)}
                  disabled={add.isPending}
                  aria-label={t`Add to ${title}`}
                >
                  {t`Add`}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {outcome && (outcome.ok ? <FormSuccess message={outcome.message} /> : <FormError message={outcome.message} />)}
    </Modal>
  );
}
