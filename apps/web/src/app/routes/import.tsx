import { t } from '@lingui/core/macro';
import { ImportPage } from '../../features/imports/components/import-page.tsx';
import { useUserId } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /import, behind RequireAuth: bring one's history in from RateYourMusic, ListenBrainz or Last.fm. */
export function Component() {
  useDocumentTitle(t`Import your history`);
  const userId = useUserId();
  return userId ? <ImportPage userId={userId} /> : null;
}
