import { useParams } from 'react-router';
import { ListPage } from '../../features/lists/components/list-page.tsx';

/** /lists/:listId. */
export function Component() {
  const { listId = '' } = useParams();
  return <ListPage key={listId} listId={listId} />;
}
