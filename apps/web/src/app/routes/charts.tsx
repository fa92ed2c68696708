import { t } from '@lingui/core/macro';
import { ChartsPage } from '../../features/charts/components/charts-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /charts?kind=songs&genre=…&year=…|decade=…&type=…: the charts, which count listeners, not song ratings. */
export function Component() {
  useDocumentTitle(t`Charts`);
  return <ChartsPage />;
}
