import type { Post } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ReportButton } from '../../../components/moderation/report-button.tsx';
import { CommentsPanel } from '../../../components/reactions/comments-panel.tsx';
import { LikeButton } from '../../../components/reactions/like-button.tsx';
import { AlbumCard } from '../../../components/ui/album-card.tsx';
import { FormError } from '../../../components/ui/form-message.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { StarDisplay } from '../../../components/ui/star-rating.tsx';
import { VisibilityBadge } from '../../../components/visibility/visibility-badge.tsx';
import { ApiRequestError, userMessage } from '../../../lib/api-client.ts';
import { intlLocale } from '../../../lib/i18n/i18n.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeletePost } from '../api/delete-post.ts';
import { usePost } from '../api/get-post.ts';
import { PostOwnerActions } from './post-owner-actions.tsx';
import './posts.css';
import './post-page.css';
import { formatRelativeDate } from '../../../lib/relative-date.ts';

/** "Review of OK Computer by ana", "Side B by ana": the tab's title, and what a shared link shows. */
function pageTitle(post: Post): string {
  const author = post.userDisplayName;
  if (post.type === 'review') {
    const album = post.album?.name ?? post.title;
    return t`Review of ${album} by ${author}`;
  }
  const title = post.title;
  return t`${title} by ${author}`;
}

/** A date as the cards say it ('2 days ago'), with the exact moment on hover. */
function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString(intlLocale())}>
      {formatRelativeDate(iso)}
    </time>
  );
}

/**
 * /post/:postId: one note or review at its own address, the page feeds, the bell and the profile's
 * cards link to. A review shows its album and its author's rating; anyone reads it, likes and
 * comments need an account, and its author edits or deletes it here as on the card.
 */
export function PostPage({ postId }: { postId: string }) {
  const post = usePost(postId);
  const notFound = post.error instanceof ApiRequestError && post.error.status === 404;
  useDocumentTitle(post.data ? pageTitle(post.data) : notFound ? t`Post not found` : t`Post`);

  if (post.isPending) return <PendingState fetchStatus={post.fetchStatus} className="page muted" />;
  if (notFound) {
    return (
      <div className="center-state">
        <div className="post-page__missing">
          <h1>{userMessage(post.error, t`Post not found`)}</h1>
          <p>
            {richText(t`It may have been deleted. Go back <0>home</0>.`, [
              (words) => <Link to={paths.home()}>{words}</Link>,
            ])}
          </p>
        </div>
      </div>
    );
  }
  if (post.isError) {
    return (
      <div className="center-state">
        <div className="post-page__missing">
          <p role="alert">{t`Error loading post: ${userMessage(post.error, t`Please try again.`)}`}</p>
          <button type="button" className="btn btn-primary" onClick={() => void post.refetch()}>
            {t`Retry`}
          </button>
        </div>
      </div>
    );
  }
  return <PostView post={post.data} />;
}

function PostView({ post }: { post: Post }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const remove = useDeletePost(post.userId);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const author = post.userDisplayName;
  const edited = post.updatedAt > post.createdAt;
  // The edit's time as the cards say it; the message's tag 0 shows it with the exact moment on hover.
  const when = formatRelativeDate(post.updatedAt);
  const comments = post.commentsCount;
  const subject = { type: 'post', id: post.id } as const;
  return (
    <div className={post.album ? 'page post-page post-page--album' : 'page post-page'}>
      {post.album && (
        <div className="post-page__album">
          <AlbumCard album={post.album} />
        </div>
      )}
      <div className="post-page__main">
        <article className="post-page__post">
          <header className="post-page__header">
            <span className={`post-card__badge post-card__badge--${post.type}`}>
              {post.type === 'review' ? t`Review` : t`Note`}
            </span>
            <h1 className="post-page__title">{post.title}</h1>
            <p className="post-page__meta">
              {richText(t`by <0>${author}</0>`, [() => <Link to={paths.profile(author)}>{author}</Link>])} ·{' '}
              <When iso={post.createdAt} />
              {edited && (
                <>
                  {' · '}
                  {richText(t`edited <0>${when}</0>`, [() => <When iso={post.updatedAt} />])}
                </>
              )}{' '}
              <VisibilityBadge visibility={post.visibility} />
            </p>
            {user?.id === post.userId && (
              <div className="post-page__actions">
                <PostOwnerActions
                  post={post}
                  deleting={remove.isPending}
                  onDelete={() =>
                    remove.mutate(post.id, {
                      onSuccess: () => navigate(paths.profile(author)),
                      onError: () => setDeleteError(t`Failed to delete post`),
                    })
                  }
                />
              </div>
            )}
            {user && user.id !== post.userId && (
              <div className="post-page__actions">
                <ReportButton
                  subjectType="post"
                  subjectId={post.id}
                  what={post.type === 'review' ? t`the review by ${author}` : t`the note by ${author}`}
                />
              </div>
            )}
            <FormError message={deleteError} />
          </header>
          {post.type === 'review' && post.rating !== null && (
            <StarDisplay stars={post.rating} label={t`${author}'s rating`} />
          )}
          <p className="post-page__content">{post.content}</p>
          <footer className="post-page__reactions">
            <LikeButton subject={subject} liked={post.likedByMe} count={post.likesCount} label={post.title} />
            <a href="#post-comments">{plural(comments, { one: '# comment', other: '# comments' })}</a>
          </footer>
        </article>
        <div id="post-comments" className="post-page__comments">
          <CommentsPanel subject={subject} ownerId={post.userId} visibleHeading />
        </div>
      </div>
    </div>
  );
}
