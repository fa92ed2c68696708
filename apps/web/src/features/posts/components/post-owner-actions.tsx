import type { Post } from '@liner/shared';
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
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost post-card__edit"
        aria-label={`Edit ${post.title}`}
        onClick={() => setEditing(true)}
      >
        Edit
      </button>
      <button
        type="button"
        className="btn btn-ghost post-card__delete"
        // Every card has a Delete: the name says which post it deletes.
        aria-label={`Delete ${post.title}`}
        onClick={() => setConfirming(true)}
      >
        Delete
      </button>
      {editing && <EditPostDialog post={post} onClose={() => setEditing(false)} />}
      {confirming && (
        <Modal
          title="Delete Post"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setConfirming(false)}>
                Cancel
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
                Delete
              </button>
            </>
          }
        >
          <p>Are you sure you want to delete "{post.title}"? This action cannot be undone.</p>
        </Modal>
      )}
    </>
  );
}
