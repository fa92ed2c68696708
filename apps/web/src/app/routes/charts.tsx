import { ChartsPage } from '../../features/charts/components/charts-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /charts?kind=songs&genre=…&year=…|decade=…&type=…: the charts of issue #16. */
export function Component() {
  useDocumentTitle('Charts');
  return <ChartsPage />;
}
