import { t } from '@lingui/core/macro';
import { useId, useState } from 'react';
import { FormError } from '../../../components/ui/form-message.tsx';
import { userMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.tsx';
import { useDeletePost } from '../api/delete-post.ts';
import { type PostFilter, useUserPosts } from '../api/get-user-posts.ts';
import { CreateNoteDialog } from './create-note-dialog.tsx';
import { PostCard } from './post-card.tsx';
import '../../../components/ui/form.css';
import '../../../components/ui/chips.css';

/** The filter chips, in the page's language (read when shown, ADR 56). */
const chips = (): { value: PostFilter; label: string }[] => [
  { value: 'all', label: t`All` },
  { value: 'review', label: t`Reviews` },
  { value: 'note', label: t`Notes` },
];

/** The profile's posts: filter chips, 'Create Note' for the owner, newest 20 first with 'Load more'. */
export function PostsSection({
  userId,
  isOwner,
  filter,
  onFilterChange,
}: {
  userId: string;
  isOwner: boolean;
  filter: PostFilter;
  onFilterChange: (filter: PostFilter) => void;
}) {
  const { user } = useSession();
  const posts = useUserPosts(userId, filter);
  const remove = useDeletePost(userId);
  const [creating, setCreating] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const items = posts.data?.pages.flatMap((page) => page.posts) ?? [];
  const headingId = useId();

  return (
    <section className="posts-section" aria-labelledby={headingId}>
      {/* Under the profile's h1 and above each card's h3, so headings go down one level at a time. */}
      <h2 id={headingId} className="visually-hidden">
        {t`Posts`}
      </h2>
      <div className="posts-section__toolbar">
        <fieldset className="chips">
          <legend className="visually-hidden">{t`Filter posts`}</legend>
          {chips().map((chip) => (
            <button
              key={chip.value}
              type="button"
              className={filter === chip.value ? 'chip chip--active' : 'chip'}
              aria-pressed={filter === chip.value}
              onClick={() => onFilterChange(chip.value)}
            >
              {chip.label}
            </button>
          ))}
        </fieldset>
        {isOwner && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            {t`Create Note`}
          </button>
        )}
      </div>
      <FormError message={deleteError} />
      {posts.isPending ? (
        <p className="muted">{t`Loading posts...`}</p>
      ) : posts.isError ? (
        <p className="form-error">{t`Error loading posts: ${userMessage(posts.error, t`Failed to load posts`)}`}</p>
      ) : items.length === 0 ? (
        <p className="muted">
          {isOwner
            ? t`You haven't created any posts yet. Click 'Create Note' to get started!`
            : t`This user hasn't created any posts yet.`}
        </p>
      ) : (
        <div className="post-list">
          {items.map((post) => (
            <PostCard
              key={post.id}
              post={post}
              canDelete={Boolean(user && post.userId === user.id)}
              deleting={remove.isPending}
              onDelete={() =>
                remove.mutate(post.id, {
                  onSuccess: () => setDeleteError(null),
                  onError: () => setDeleteError(t`Failed to delete post`),
                })
              }
            />
          ))}
          {posts.hasNextPage && (
            <button
              type="button"
              className="btn"
              disabled={posts.isFetchingNextPage}
              onClick={() => void posts.fetchNextPage()}
            >
              {posts.isFetchingNextPage ? t`Loading...` : t`Load more`}
            </button>
          )}
        </div>
      )}
      {creating && <CreateNoteDialog userId={userId} onClose={() => setCreating(false)} />}
    </section>
  );
}
