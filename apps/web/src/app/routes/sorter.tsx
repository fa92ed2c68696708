import { t } from '@lingui/core/macro';
import { Link, useSearchParams } from 'react-router';
import { SaveAsList } from '../../features/lists/components/save-as-list.tsx';
import { SorterPage } from '../../features/sorter/components/sorter-page.tsx';
import { richText } from '../../lib/i18n/rich-text.tsx';
import { paths } from '../../lib/paths.ts';
import { useUserId } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../../components/ui/form.css';

/** /sorter and /sorter?album=ID (DESIGN.md decision 4); a signed-in user may save the ranking as a list. */
export function Component() {
  useDocumentTitle(t`Song Sorter`);
  const [params, setParams] = useSearchParams();
  const userId = useUserId();
  const albumId = params.get('album')?.trim() || null;
  return (
    <SorterPage
      albumId={albumId}
      onChooseAlbum={(id) => setParams(id ? { album: id } : {}, { replace: false })}
      rankingActions={(album, trackIds) =>
        userId ? (
          <SaveAsList album={album} trackIds={trackIds} />
        ) : (
          <p className="sorter-muted">
            {richText(t`<0>Sign in</0> to save your ranking as a list.`, [
              (words) => <Link to={paths.login()}>{words}</Link>,
            ])}
          </p>
        )
      }
    />
  );
}
