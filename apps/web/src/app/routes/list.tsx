import { useParams } from 'react-router';
import { ListPage } from '../../features/lists/components/list-page.tsx';

/** /lists/:listId (issue #17). */
export function Component() {
  const { listId = '' } = useParams();
  return <ListPage key={listId} listId={listId} />;
}
