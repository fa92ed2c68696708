import { useParams } from 'react-router';
import { AlbumPage } from '../../features/albums/components/album-page.tsx';
import { AlbumLibraryActions } from '../../features/library/components/album-library-actions.tsx';
import { AlbumListens } from '../../features/library/components/album-listens.tsx';
import { AddToList } from '../../features/lists/components/add-to-list.tsx';
import { AlbumLists } from '../../features/lists/components/album-lists.tsx';
import { PostCard } from '../../features/posts/components/post-card.tsx';
import { PostList } from '../../features/posts/components/post-list.tsx';
import { useSession } from '../../lib/session.tsx';

/**
 * /album/:albumId: the album feature, with the library's actions and listens, 'Add to list' for the
 * album and each song, and the posts' review cards.
 */
export function Component() {
  const { albumId = '' } = useParams();
  const { user, isLoading } = useSession();
  return (
    <AlbumPage
      albumId={albumId}
      actions={(context) => (
        <>
          <AlbumLibraryActions {...context} signedIn={Boolean(user)} sessionKnown={!isLoading} />
          {/* With the album's other actions, above the listens panel rather than read as part of it. */}
          {user && (
            <AddToList userId={user.id} item={{ kind: 'album', id: context.album.id, name: context.album.name }} />
          )}
          {user && <AlbumListens albumId={context.album.id} albumName={context.album.name} />}
          <AlbumLists albumId={context.album.id} />
        </>
      )}
      trackActions={
        user
          ? (track) => <AddToList userId={user.id} item={{ kind: 'song', id: track.id, name: track.name }} />
          : undefined
      }
      reviews={(posts) => (
        <PostList>
          {posts.map((post) => (
            <PostCard key={post.id} post={post} canDelete={false} deleting={false} onDelete={() => {}} />
          ))}
        </PostList>
      )}
    />
  );
}
