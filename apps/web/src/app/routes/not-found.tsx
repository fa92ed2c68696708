import { t } from '@lingui/core/macro';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle(t`Page not found`);
  return (
    <div className="page center-state">
      <div style={{ textAlign: 'center' }}>
        <h1>{t`Page not found`}</h1>
        <p>{t`There is nothing at this address.`}</p>
        <Link to={paths.home()} className="btn btn-primary">
          {t`Go home`}
        </Link>
      </div>
    </div>
  );
}
