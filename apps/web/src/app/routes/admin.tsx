import { AdminDashboard } from '../../features/playlists/components/admin-dashboard.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../../components/ui/form.css';

/** /admin (spec §2): the route guard admits admins only; the page still copes with a 403. */
export function Component() {
  useDocumentTitle('Admin Dashboard');
  return <AdminDashboard />;
}
