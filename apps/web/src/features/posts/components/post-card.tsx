import { charCount, type Post } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CommentsPanel } from '../../../components/reactions/comments-panel.tsx';
import { LikeButton } from '../../../components/reactions/like-button.tsx';
import { VisibilityBadge } from '../../../components/visibility/visibility-badge.tsx';
import { oneDecimal } from '../../../lib/catalog/format.ts';
import { intlLocale } from '../../../lib/i18n/i18n.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { PostOwnerActions } from './post-owner-actions.tsx';
import './posts.css';
import { formatRelativeDate } from '../../../lib/relative-date.ts';

/** Longer than about four lines of a card: shown folded, with "Read more". */
const FOLD_CHARS = 320;
const FOLD_LINES = 4;

function isLong(content: string): boolean {
  return charCount(content) > FOLD_CHARS || content.split('\n').length > FOLD_LINES;
}

/**
 * Spec §2 'Post card'; editing and deleting exist only for the author (the server checks again).
 * An edited post says so beside its date, one not public says who can see it. The title links to
 * the post's own page.
 */
export function PostCard({
  post,
  canDelete,
  onDelete,
  deleting,
}: {
  post: Post;
  canDelete: boolean;
  onDelete: () => void;
  deleting: boolean;
}) {
  const [showComments, setShowComments] = useState(false);
  const commentsId = useId();
  const edited = post.updatedAt > post.createdAt;
  const [expanded, setExpanded] = useState(false);
  const contentId = useId();
  const foldable = isLong(post.content);
  const folded = foldable && !expanded;
  const { title, commentsCount: comments, boostsCount: boosts } = post;
  const editedAt = new Date(post.updatedAt).toLocaleString(intlLocale());
  const host = post.remoteUrl ? hostOf(post.remoteUrl) : '';
  return (
    <article className="post-card">
      <header className="post-card__header">
        <span className={`post-card__badge post-card__badge--${post.type}`}>
          {post.type === 'review' ? t`Review` : t`Note`}
        </span>
        <VisibilityBadge visibility={post.visibility} />
        <span className="post-card__meta">
          {post.userDisplayName} · <time dateTime={post.createdAt}>{formatRelativeDate(post.createdAt)}</time>
          {edited && (
            <>
              {' · '}
              <span title={t`Edited ${editedAt}`}>{t`edited`}</span>
            </>
          )}
        </span>
        {canDelete && <PostOwnerActions post={post} onDelete={onDelete} deleting={deleting} />}
      </header>
      {post.remoteUrl && (
        <p className="post-card__origin">
          {t`From the fediverse`} ·{' '}
          <a href={post.remoteUrl} rel="nofollow noopener noreferrer" target="_blank">
            {t`View on ${host}`}
          </a>
        </p>
      )}
      {/* The permalink: the post's own page, to read it whole, reply there or share it. */}
      <h3 className="post-card__title">
        <Link to={paths.post(post.id)} className="post-card__permalink">
          {post.title}
        </Link>
      </h3>
      {post.album && (
        <Link to={paths.album(post.album.id)} className="post-card__album">
          <img src={post.album.imageUrl} alt="" width={40} height={40} />
          <span>
            {post.album.name} <span className="post-card__artist">— {post.album.artistName}</span>
          </span>
          {post.rating !== null && <span className="post-card__rating">★ {oneDecimal(post.rating)}</span>}
        </Link>
      )}
      <p id={contentId} className={folded ? 'post-card__content post-card__content--folded' : 'post-card__content'}>
        {post.content}
      </p>
      {foldable && (
        <button
          type="button"
          className="btn btn-ghost post-card__more"
          aria-expanded={expanded}
          aria-controls={contentId}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? t`Show less` : t`Read more`}
        </button>
      )}
      <footer className="post-card__footer">
        <LikeButton
          subject={{ type: 'post', id: post.id }}
          liked={post.likedByMe}
          count={post.likesCount}
          label={post.title}
        />
        <button
          type="button"
          className="btn btn-ghost post-card__comments"
          aria-expanded={showComments}
          aria-controls={commentsId}
          onClick={() => setShowComments((open) => !open)}
        >
          {richText(plural(comments, { one: `# comment<0> on ${title}</0>`, other: `# comments<0> on ${title}</0>` }), [
            hidden,
          ])}
        </button>
        {post.boostsCount > 0 && (
          <span className="post-card__boosts">
            {richText(
              plural(boosts, { one: '# boost<0> on the fediverse</0>', other: '# boosts<0> on the fediverse</0>' }),
              [hidden],
            )}
          </span>
        )}
      </footer>
      <div id={commentsId}>
        {showComments && <CommentsPanel subject={{ type: 'post', id: post.id }} ownerId={post.userId} />}
      </div>
    </article>
  );
}

/** Words for a screen reader only (a message's tag 0). */
const hidden = (words: string) => <span className="visually-hidden">{words}</span>;

/** The server a post of another server lives on, as people name it. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
