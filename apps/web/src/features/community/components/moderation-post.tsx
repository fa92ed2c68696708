import type { Post } from '@liner/shared';
import { plural, t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatDay } from './format.ts';

/**
 * A post's rating in stars ("4.5 stars"). English has always said "stars" after every rating, 1
 * included; the other languages have their singular.
 */
function starsOf(rating: number): string {
  return plural(rating, { one: '# stars', other: '# stars' });
}

/** "OK Computer by Radiohead", the album a link to its page. */
function albumLine(album: NonNullable<Post['album']>): ReactNode {
  const { name: albumName, artistName: artist } = album;
  return richText(t`<0>${albumName}</0> by ${artist}`, [(words) => <Link to={paths.album(album.id)}>{words}</Link>]);
}

/** One post as the moderation list shows it: whose, what kind, about which album, and its text. */
export function ModerationPost({ post, busy, onRemove }: { post: Post; busy: boolean; onRemove: () => void }) {
  const title = post.title;
  const author = post.userDisplayName;
  const album = post.album;
  return (
    <li className="community-item">
      <article className="community-item__main" aria-labelledby={`post-${post.id}`}>
        <div className="community-item__heading">
          <span className="community-badge">{post.type === 'review' ? t`Review` : t`Note`}</span>
          <h3 className="community-item__title" id={`post-${post.id}`}>
            {post.title}
          </h3>
        </div>
        <p className="community-item__meta">
          <span>{richText(t`By <0>${author}</0>`, [(words) => <Link to={paths.profile(author)}>{words}</Link>])}</span>
          <span>{formatDay(post.createdAt)}</span>
          {album && (
            <span>
              {albumLine(album)}
              {post.rating !== null && ` · ${starsOf(post.rating)}`}
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
          aria-label={t`Remove "${title}" by ${author}`}
        >
          {t`Remove`}
        </button>
      </div>
    </li>
  );
}
