import type { Post } from '@liner/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormError, FormSuccess } from '../../../components/ui/form-message.tsx';
import { PendingState } from '../../../components/ui/pending-state.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { type ModerationFilter, useModerationPosts } from '../api/get-moderation-posts.ts';
import { useRemovePost } from '../api/remove-post.ts';
import { ModerationPost } from './moderation-post.tsx';
import '../../../components/ui/chips.css';
import './community.css';

const FILTERS: { value: ModerationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'note', label: 'Notes' },
  { value: 'review', label: 'Reviews' },
];

/** Posts: everyone's newest notes and reviews, and removing one. */
export function PostsSection() {
  const [filter, setFilter] = useState<ModerationFilter>('all');
  const posts = useModerationPosts(filter);
  const remove = useRemovePost();
  const [confirming, setConfirming] = useState<Post | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const confirmRemove = () => {
    if (!confirming) return;
    const post = confirming;
    setDone(null);
    remove.mutate(post.id, {
      onSuccess: () => setDone(`Removed "${post.title}" by ${post.userDisplayName}.`),
      onSettled: () => setConfirming(null),
    });
  };

  const list = posts.data?.pages.flatMap((page) => page.posts) ?? [];

  return (
    <section className="card admin-card" aria-labelledby="moderation-heading">
      <h2 id="moderation-heading">Posts</h2>
      <p className="community-intro">The newest notes and reviews from everyone.</p>
      <fieldset className="chips community-filters">
        <legend className="visually-hidden">Show</legend>
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className={`chip${filter === f.value ? ' chip--active' : ''}`}
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
          >
            {f.label}
          </button>
        ))}
      </fieldset>

      <FormError message={remove.error?.message} />
      <FormSuccess message={done} />

      {posts.isPending ? (
        <PendingState fetchStatus={posts.fetchStatus} className="admin-card__state" />
      ) : posts.isError && list.length === 0 ? (
        <div className="form-error" role="alert">
          Failed to load posts: {userMessage(posts.error, 'Please try again.')}{' '}
          <button type="button" className="btn" onClick={() => posts.refetch()}>
            Retry
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="admin-card__state">No posts yet.</p>
      ) : (
        <>
          <ul className="community-list" aria-label="Posts">
            {list.map((post) => (
              <ModerationPost
                key={post.id}
                post={post}
                busy={remove.isPending && remove.variables === post.id}
                onRemove={() => {
                  remove.reset();
                  setConfirming(post);
                }}
              />
            ))}
          </ul>
          {posts.isFetchNextPageError && (
            <FormError message={`Failed to load more: ${userMessage(posts.error, 'Please try again.')}`} />
          )}
          {posts.hasNextPage && (
            <button
              type="button"
              className="btn community-more"
              onClick={() => posts.fetchNextPage()}
              disabled={posts.isFetchingNextPage}
            >
              {posts.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </button>
          )}
        </>
      )}

      {confirming && (
        <ConfirmDialog
          title="Remove Post"
          message={`Remove "${confirming.title}" by ${confirming.userDisplayName}? It disappears from their profile and every feed. This action cannot be undone.`}
          confirmLabel="Remove"
          busyLabel="Removing..."
          busy={remove.isPending}
          danger
          onConfirm={confirmRemove}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
