import type { Post } from '@liner/shared';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { formatDay } from './format.ts';

/** One post as the moderation list shows it: whose, what kind, about which album, and its text. */
export function ModerationPost({ post, busy, onRemove }: { post: Post; busy: boolean; onRemove: () => void }) {
  return (
    <li className="community-item">
      <article className="community-item__main" aria-labelledby={`post-${post.id}`}>
        <div className="community-item__heading">
          <span className="community-badge">{post.type === 'review' ? 'Review' : 'Note'}</span>
          <h3 className="community-item__title" id={`post-${post.id}`}>
            {post.title}
          </h3>
        </div>
        <p className="community-item__meta">
          <span>
            By <Link to={paths.profile(post.userDisplayName)}>{post.userDisplayName}</Link>
          </span>
          <span>{formatDay(post.createdAt)}</span>
          {post.album && (
            <span>
              <Link to={paths.album(post.album.id)}>{post.album.name}</Link> by {post.album.artistName}
              {post.rating !== null && ` · ${post.rating} stars`}
            </span>
          )}
        </p>
        <p className="community-item__content">{post.content}</p>
      </article>
      <div className="community-item__actions">
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy}
          onClick={onRemove}
          aria-label={`Remove "${post.title}" by ${post.userDisplayName}`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
