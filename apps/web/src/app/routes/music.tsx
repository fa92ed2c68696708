import { t } from '@lingui/core/macro';
import { DiscoverMusic } from '../../features/music/components/discover-music.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /music?q=…&page=… (?search=… too): Discover Music (spec §2). */
export function Component() {
  useDocumentTitle(t`Discover Music`);
  return <DiscoverMusic />;
}
