import { useParams } from 'react-router';
import { PostPage } from '../../features/posts/components/post-page.tsx';

/** /post/:postId: one note or review, with its likes and comments. */
export function Component() {
  const { postId = '' } = useParams();
  return <PostPage key={postId} postId={postId} />;
}
