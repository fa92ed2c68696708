import { ListsHome } from '../../features/lists/components/lists-home.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /lists: your lists and everyone's public ones (ADR 33). */
export function Component() {
  useDocumentTitle('Your Lists');
  return <ListsHome />;
}
