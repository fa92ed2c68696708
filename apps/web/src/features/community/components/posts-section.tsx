import type { Post } from '@liner/shared';
import { t } from '@lingui/core/macro';
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

const filters = (): { value: ModerationFilter; label: string }[] => [
  { value: 'all', label: t`All` },
  { value: 'note', label: t`Notes` },
  { value: 'review', label: t`Reviews` },
];

/** The confirmation's question, naming the post and its author. */
function removeQuestion({ title, userDisplayName: author }: Post): string {
  return t`Remove "${title}" by ${author}? It disappears from their profile and every feed. This action cannot be undone.`;
}

/** Posts: everyone's newest notes and reviews, and removing one. */
export function PostsSection() {
  const [filter, setFilter] = useState<ModerationFilter>('all');
  const posts = useModerationPosts(filter);
  const remove = useRemovePost();
  const [confirming, setConfirming] = useState<Post | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const confirmRemove = () => {
    if (!confirming) return;
    const { id, title, userDisplayName: author } = confirming;
    setDone(null);
    remove.mutate(id, {
      onSuccess: () => setDone(t`Removed "${title}" by ${author}.`),
      onSettled: () => setConfirming(null),
    });
  };

  const list = posts.data?.pages.flatMap((page) => page.posts) ?? [];

  return (
    <section className="card admin-card" aria-labelledby="moderation-heading">
      <h2 id="moderation-heading">{t`Posts`}</h2>
      <p className="community-intro">{t`The newest notes and reviews from everyone.`}</p>
      <fieldset className="chips community-filters">
        <legend className="visually-hidden">{t`Show`}</legend>
        {filters().map((f) => (
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
          {t`Failed to load posts: ${userMessage(posts.error, t`Please try again.`)}`}{' '}
          <button type="button" className="btn" onClick={() => posts.refetch()}>
            {t`Retry`}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="admin-card__state">{t`No posts yet.`}</p>
      ) : (
        <>
          <ul className="community-list" aria-label={t`Posts`}>
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
            <FormError message={t`Failed to load more: ${userMessage(posts.error, t`Please try again.`)}`} />
          )}
          {posts.hasNextPage && (
            <button
              type="button"
              className="btn community-more"
              onClick={() => posts.fetchNextPage()}
              disabled={posts.isFetchingNextPage}
            >
              {posts.isFetchingNextPage ? t`Loading...` : t`Load more`}
            </button>
          )}
        </>
      )}

      {confirming && (
        <ConfirmDialog
          title={t`Remove Post`}
          message={removeQuestion(confirming)}
          confirmLabel={t`Remove`}
          busyLabel={t`Removing...`}
          busy={remove.isPending}
          danger
          onConfirm={confirmRemove}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
