import { COMMENT_MAX, type Comment, checkComment } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { richText } from '../../lib/i18n/rich-text.tsx';
import { fromServer } from '../../lib/i18n/runtime.ts';
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
import { formatRelativeDate } from '../../lib/relative-date.ts';

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
    if (!checked.ok) return setError(fromServer(checked.message));
    setError(null);
    try {
      await onSubmit(checked.content);
      if (!onCancel) setContent('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t`Failed to post your comment. Please try again.`);
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
            {t`Cancel`}
          </button>
        )}
        <SubmitButton label={submitLabel} busy={busy} busyLabel={t`Saving...`} disabled={content.trim() === ''} />
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
  const author = comment.author.displayName;
  return (
    <li className="comment">
      <div className="comment__meta">
        <Link to={paths.profile(comment.author.displayName)} className="comment__author">
          {comment.author.displayName}
        </Link>
        <time dateTime={comment.createdAt}>{formatRelativeDate(comment.createdAt)}</time>
        {edited && <span>{t`edited`}</span>}
        {canEdit && !editing && (
          <button type="button" className="btn btn-ghost comment__action" onClick={() => setEditing(true)}>
            {richText(t`Edit<0> your comment</0>`, [(words) => <span className="visually-hidden">{words}</span>])}
          </button>
        )}
        {canDelete && (
          <button
            type="button"
            className="btn btn-ghost comment__action"
            disabled={remove.isPending}
            onClick={() => remove.mutate(comment.id)}
          >
            {richText(t`Delete<0> the comment by ${author}</0>`, [
              (words) => <span className="visually-hidden">{words}</span>,
            ])}
          </button>
        )}
        {canReport && (
          <ReportButton
            subjectType="comment"
            subjectId={comment.id}
            what={t`the comment by ${author}`}
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
          label={t`Edit your comment`}
          initial={comment.content}
          submitLabel={t`Save`}
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
  visibleHeading = false,
}: {
  subject: Subject;
  ownerId: string;
  /** Under a card's h3 the thread is named by a hidden h4; on a page of its own, by a visible h2. */
  visibleHeading?: boolean;
}) {
  const { user } = useSession();
  const comments = useComments(subject, true);
  const add = useAddComment(subject);
  const headingId = useId();
  const items = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  return (
    <section className="comments" aria-labelledby={headingId}>
      {visibleHeading ? (
        <h2 id={headingId}>{t`Comments`}</h2>
      ) : (
        <h4 id={headingId} className="visually-hidden">
          {t`Comments`}
        </h4>
      )}
      {comments.isPending ? (
        <p className="muted">{t`Loading comments...`}</p>
      ) : comments.isError ? (
        <p className="form-error">{t`Failed to load comments.`}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t`No comments yet.`}</p>
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
          {comments.isFetchingNextPage ? t`Loading...` : t`Load more comments`}
        </button>
      )}
      {user ? (
        <CommentForm
          label={t`Add a comment`}
          submitLabel={t`Comment`}
          busy={add.isPending}
          onSubmit={(c) => add.mutateAsync(c)}
        />
      ) : (
        <p className="muted">
          {richText(t`<0>Sign in</0> to comment.`, [(words) => <Link to={paths.login()}>{words}</Link>])}
        </p>
      )}
    </section>
  );
}
