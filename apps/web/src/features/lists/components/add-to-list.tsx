import { useState } from 'react';
import { Link } from 'react-router';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useAddListEntry } from '../api/add-list-entry.ts';
import { useUserLists } from '../api/get-lists.ts';
import './lists.css';

/** The album page's "Add to list": the signed-in user's album lists, each with an Add button. */
export function AddToList({ userId, album }: { userId: string; album: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        Add to list
      </button>
      {open && <AddToListDialog userId={userId} album={album} onClose={() => setOpen(false)} />}
    </>
  );
}

function AddToListDialog({
  userId,
  album,
  onClose,
}: {
  userId: string;
  album: { id: string; name: string };
  onClose: () => void;
}) {
  const lists = useUserLists(userId, userId);
  const add = useAddListEntry();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const albumLists = lists.data?.pages.flatMap((page) => page.lists).filter((list) => list.kind === 'album') ?? [];

  function addTo(listId: string, title: string) {
    setOutcome(null);
    add.mutate(
      { listId, body: { albumId: album.id } },
      {
        onSuccess: () => setOutcome({ ok: true, message: `Added ${album.name} to ${title}` }),
        onError: (error) =>
          setOutcome({ ok: false, message: userMessage(error, 'Could not add it. Please try again.') }),
      },
    );
  }

  return (
    <Modal title={`Add ${album.name} to a list`} onClose={onClose}>
      {lists.isPending ? (
        <PendingState fetchStatus={lists.fetchStatus} className="lists-muted" />
      ) : albumLists.length === 0 ? (
        <p className="lists-muted">
          You have no album lists yet. <Link to={paths.lists()}>Make one on Lists</Link>.
        </p>
      ) : (
        <ul className="add-to-list" aria-label="Your album lists">
          {albumLists.map((list) => (
            <li key={list.id} className="add-to-list__item">
              <Link to={paths.list(list.id)} className="add-to-list__title">
                {list.title}
              </Link>
              <button
                type="button"
                className="btn"
                onClick={() => addTo(list.id, list.title)}
                disabled={add.isPending}
                aria-label={`Add to ${list.title}`}
              >
                Add
              </button>
            </li>
          ))}
        </ul>
      )}
      {outcome && (outcome.ok ? <FormSuccess message={outcome.message} /> : <FormError message={outcome.message} />)}
    </Modal>
  );
}
