import { t } from '@lingui/core/macro';
import { BlockedDomainsSection } from '../../features/community/components/blocked-domains-section.tsx';
import { MembersSection } from '../../features/community/components/members-section.tsx';
import { PostsSection } from '../../features/community/components/posts-section.tsx';
import { RegistrationSection } from '../../features/community/components/registration-section.tsx';
import { AuditLogSection } from '../../features/moderation/components/audit-log-section.tsx';
import { ReportsSection } from '../../features/moderation/components/reports-section.tsx';
import { AdminDashboard, type AdminSection } from '../../features/playlists/components/admin-dashboard.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import '../../components/ui/form.css';

/** Running the community, after the spec's featured playlists. */
const sections = (): AdminSection[] => [
  { value: 'members', label: t`Members`, content: <MembersSection /> },
  { value: 'posts', label: t`Posts`, content: <PostsSection /> },
  { value: 'registration', label: t`Registration`, content: <RegistrationSection /> },
  { value: 'reports', label: t`Reports`, content: <ReportsSection /> },
  { value: 'audit-log', label: t`Audit log`, content: <AuditLogSection /> },
];

/** Blocking other servers, when this site federates (FEDERATION=on). */
const fediverse = (): AdminSection => ({ value: 'fediverse', label: t`Fediverse`, content: <BlockedDomainsSection /> });

/** /admin (spec §2): the route guard admits admins only; the page still copes with a 403. */
export function Component() {
  useDocumentTitle(t`Admin Dashboard`);
  const federates = usePublicConfig().data?.federation ?? false;
  return <AdminDashboard sections={federates ? [...sections(), fediverse()] : sections()} />;
}
