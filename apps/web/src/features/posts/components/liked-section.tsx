import { useId } from 'react';
import { Link } from 'react-router';
import { userMessage } from '../../../lib/api-client.ts';
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
        Likes
      </h2>
      {liked.isPending ? (
        <p className="muted">Loading likes...</p>
      ) : liked.isError ? (
        <p className="form-error">{userMessage(liked.error, 'Failed to load likes')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{isOwner ? "You haven't liked anything yet." : "This user hasn't liked anything yet."}</p>
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
              <article key={`list-${item.list.id}`} className="post-card">
                <span className="post-card__badge post-card__badge--list">List</span>
                <h3 className="post-card__title">
                  <Link to={paths.list(item.list.id)}>{item.list.title}</Link>
                </h3>
                <p className="post-card__meta">
                  by <Link to={paths.profile(item.list.ownerDisplayName)}>{item.list.ownerDisplayName}</Link>
                </p>
              </article>
            ) : null,
          )}
          {liked.hasNextPage && (
            <button
              type="button"
              className="btn"
              disabled={liked.isFetchingNextPage}
              onClick={() => void liked.fetchNextPage()}
            >
              {liked.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
