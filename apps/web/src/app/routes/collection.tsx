import { t } from '@lingui/core/macro';
import { CollectionPage } from '../../features/library/components/collection-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /collection (spec §2). */
export function Component() {
  useDocumentTitle(t`Your Collection`);
  return <CollectionPage />;
}
