import type { LikedItem } from '@liner/shared';
import { t } from '@lingui/core/macro';
import { useId } from 'react';
import { Link } from 'react-router';
import { userMessage } from '../../../lib/api-client.ts';
import { richText } from '../../../lib/i18n/rich-text.tsx';
import { paths } from '../../../lib/paths.ts';
import { useLiked } from '../api/get-liked.ts';
import { PostCard } from './post-card.tsx';

/** The profile's Likes tab: the notes, reviews and lists this person liked, newest like first. */
export function LikedSection({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const liked = useLiked(userId);
  const headingId = useId();
  const items = liked.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="posts-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t`Likes`}
      </h2>
      {liked.isPending ? (
        <p className="muted">{t`Loading likes...`}</p>
      ) : liked.isError ? (
        <p className="form-error">{userMessage(liked.error, t`Failed to load likes`)}</p>
      ) : items.length === 0 ? (
        <p className="muted">
          {isOwner ? t`You haven't liked anything yet.` : t`This user hasn't liked anything yet.`}
        </p>
      ) : (
        <div className="post-list">
          {items.map((item) =>
            item.post ? (
              <PostCard
                key={`post-${item.post.id}`}
                post={item.post}
                // Edited and deleted on the author's own Posts tab, not among someone's likes.
                canDelete={false}
                deleting={false}
                onDelete={() => {}}
              />
            ) : item.list ? (
              <LikedList key={`list-${item.list.id}`} list={item.list} />
            ) : null,
          )}
          {liked.hasNextPage && (
            <button
              type="button"
              className="btn"
              disabled={liked.isFetchingNextPage}
              onClick={() => void liked.fetchNextPage()}
            >
              {liked.isFetchingNextPage ? t`Loading...` : t`Load more`}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** A liked list, as a card like a post's: its title and whose it is. */
function LikedList({ list }: { list: NonNullable<LikedItem['list']> }) {
  const owner = list.ownerDisplayName;
  return (
    <article className="post-card">
      <span className="post-card__badge post-card__badge--list">{t`List`}</span>
      <h3 className="post-card__title">
        <Link to={paths.list(list.id)}>{list.title}</Link>
      </h3>
      <p className="post-card__meta">
        {richText(t`by <0>${owner}</0>`, [() => <Link to={paths.profile(owner)}>{owner}</Link>])}
      </p>
    </article>
  );
}
