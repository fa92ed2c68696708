import type { Post } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { EditPostDialog } from './edit-post-dialog.tsx';
import './posts.css';

/**
 * The author's Edit and Delete, with the edit dialog and the spec's 'Delete Post' confirmation; a
 * post's card and its own page show the same ones. `onDelete` runs once the author confirms.
 */
export function PostOwnerActions({
  post,
  onDelete,
  deleting,
}: {
  post: Post;
  onDelete: () => void;
  deleting: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const title = post.title;
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost post-card__edit"
        aria-label={t`Edit ${title}`}
        onClick={() => setEditing(true)}
      >
        {t`Edit`}
      </button>
      <button
        type="button"
        className="btn btn-ghost post-card__delete"
        // Every card has a Delete: the name says which post it deletes.
        aria-label={t`Delete ${title}`}
        onClick={() => setConfirming(true)}
      >
        {t`Delete`}
      </button>
      {editing && <EditPostDialog post={post} onClose={() => setEditing(false)} />}
      {confirming && (
        <Modal
          title={t`Delete Post`}
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setConfirming(false)}>
                {t`Cancel`}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                disabled={deleting}
                onClick={() => {
                  onDelete();
                  setConfirming(false);
                }}
              >
                {t`Delete`}
              </button>
            </>
          }
        >
          <p>{t`Are you sure you want to delete "${title}"? This action cannot be undone.`}</p>
        </Modal>
      )}
    </>
  );
}
