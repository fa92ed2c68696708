import { COMMENT_MAX, type Comment, checkComment, formatRelativeDate } from '@liner/shared';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useAddComment, useComments, useDeleteComment, useEditComment } from '../../lib/reactions/comments.ts';
import type { Subject } from '../../lib/reactions/subject.ts';
import { useSession } from '../../lib/session.tsx';
import { ReportButton } from '../moderation/report-button.tsx';
import { BlockButton } from '../safety/block-button.tsx';
import { TextAreaField } from '../ui/field.tsx';
import { FormError } from '../ui/form-message.tsx';
import { SubmitButton } from '../ui/submit-button.tsx';
import './reactions.css';

/** The box for a new comment, or for editing one: the server's rules, checked first here. */
function CommentForm({
  label,
  initial = '',
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (content: string) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkComment(content);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    try {
      await onSubmit(checked.content);
      if (!onCancel) setContent('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Failed to post your comment. Please try again.');
    }
  }
  return (
    <form className="comment-form" onSubmit={submit}>
      <TextAreaField
        label={label}
        rows={2}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        counter={{ max: COMMENT_MAX }}
      />
      <FormError message={error} />
      <div className="comment-form__actions">
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
        <SubmitButton label={submitLabel} busy={busy} busyLabel="Saving..." disabled={content.trim() === ''} />
      </div>
    </form>
  );
}

function CommentItem({
  comment,
  subject,
  canDelete,
  canEdit,
  canReport,
}: {
  comment: Comment;
  subject: Subject;
  canDelete: boolean;
  canEdit: boolean;
  canReport: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const edit = useEditComment(subject);
  const remove = useDeleteComment(subject);
  const edited = comment.updatedAt > comment.createdAt;
  return (
    <li className="comment">
      <div className="comment__meta">
        <Link to={paths.profile(comment.author.displayName)} className="comment__author">
          {comment.author.displayName}
        </Link>
        <time dateTime={comment.createdAt}>{formatRelativeDate(comment.createdAt)}</time>
        {edited && <span>edited</span>}
        {canEdit && !editing && (
          <button type="button" className="btn btn-ghost comment__action" onClick={() => setEditing(true)}>
            Edit<span className="visually-hidden"> your comment</span>
          </button>
        )}
        {canDelete && (
          <button
            type="button"
            className="btn btn-ghost comment__action"
            disabled={remove.isPending}
            onClick={() => remove.mutate(comment.id)}
          >
            Delete<span className="visually-hidden"> the comment by {comment.author.displayName}</span>
          </button>
        )}
        {canReport && (
          <ReportButton
            subjectType="comment"
            subjectId={comment.id}
            what={`the comment by ${comment.author.displayName}`}
            className="btn btn-ghost comment__action"
          />
        )}
        {canReport && (
          <BlockButton
            userId={comment.author.userId}
            displayName={comment.author.displayName}
            className="btn btn-ghost comment__action"
          />
        )}
      </div>
      {editing ? (
        <CommentForm
          label="Edit your comment"
          initial={comment.content}
          submitLabel="Save"
          busy={edit.isPending}
          onSubmit={async (content) => {
            await edit.mutateAsync({ id: comment.id, content });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="comment__content">{comment.content}</p>
      )}
      <FormError message={remove.error?.message ?? null} />
    </li>
  );
}

/**
 * The thread under a post or a list: oldest first, 'Load more', a box to add one for the signed in.
 * Authors edit their comments; a comment's author, the subject's owner and admins delete it (the
 * server decides again).
 */
export function CommentsPanel({
  subject,
  ownerId,
  heading = 'hidden',
}: {
  subject: Subject;
  ownerId: string;
  /** Under a card's h3 the thread is named by a hidden h4; on a page of its own, by a visible h2. */
  heading?: 'hidden' | 'page';
}) {
  const { user } = useSession();
  const comments = useComments(subject, true);
  const add = useAddComment(subject);
  const headingId = useId();
  const items = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  return (
    <section className="comments" aria-labelledby={headingId}>
      {heading === 'page' ? (
        <h2 id={headingId}>Comments</h2>
      ) : (
        <h4 id={headingId} className="visually-hidden">
          Comments
        </h4>
      )}
      {comments.isPending ? (
        <p className="muted">Loading comments...</p>
      ) : comments.isError ? (
        <p className="form-error">Failed to load comments.</p>
      ) : items.length === 0 ? (
        <p className="muted">No comments yet.</p>
      ) : (
        <ul className="comments__list">
          {items.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              subject={subject}
              canEdit={user?.id === comment.author.userId}
              canReport={Boolean(user && user.id !== comment.author.userId)}
              canDelete={Boolean(
                user && (user.id === comment.author.userId || user.id === ownerId || user.role === 'admin'),
              )}
            />
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <button
          type="button"
          className="btn btn-ghost"
          disabled={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          {comments.isFetchingNextPage ? 'Loading...' : 'Load more comments'}
        </button>
      )}
      {user ? (
        <CommentForm
          label="Add a comment"
          submitLabel="Comment"
          busy={add.isPending}
          onSubmit={(c) => add.mutateAsync(c)}
        />
      ) : (
        <p className="muted">
          <Link to={paths.login()}>Sign in</Link> to comment.
        </p>
      )}
    </section>
  );
}
