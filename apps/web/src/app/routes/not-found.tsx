import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <div className="page center-state">
      <div style={{ textAlign: 'center' }}>
        <h1>Page not found</h1>
        <p>There is nothing at this address.</p>
        <Link to={paths.home()} className="btn btn-primary">
          Go home
        </Link>
      </div>
    </div>
  );
}
