import { useSearchParams } from 'react-router';
import { SorterPage } from '../../features/sorter/components/sorter-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../../components/ui/form.css';

/** /sorter and /sorter?album=ID (DESIGN.md decision 4). */
export function Component() {
  useDocumentTitle('Song Sorter');
  const [params, setParams] = useSearchParams();
  const albumId = params.get('album')?.trim() || null;
  return (
    <SorterPage albumId={albumId} onChooseAlbum={(id) => setParams(id ? { album: id } : {}, { replace: false })} />
  );
}
