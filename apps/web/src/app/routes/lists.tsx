import { t } from '@lingui/core/macro';
import { ListsHome } from '../../features/lists/components/lists-home.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /lists: your lists and everyone's public ones (ADR 33). */
export function Component() {
  useDocumentTitle(t`Your Lists`);
  return <ListsHome />;
}
